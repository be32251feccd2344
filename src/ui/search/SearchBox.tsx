import { type ChangeEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SuggestAnswer } from '../../contracts/page-data/search.ts';
import { SEARCH_QUERY_MAX } from '../../lib/search-groups.ts';
import { SearchIcon } from '../icons.tsx';
import type { RecentSearch } from './storage.ts';

/**
 * The lists under the box and the recent searches' storage are used only after a tap into it, never on the server:
 * their code loads at that tap (issue 35 part 4), before the first suggestions come back.
 */
const loadGroups = () => import('./SearchGroups.tsx').then((m) => ({ default: m.SearchGroups }));
const loadRecent = () => import('./RecentSearches.tsx').then((m) => ({ default: m.RecentSearches }));
const SearchGroups = lazy(loadGroups);
const RecentSearches = lazy(loadRecent);
type Storage = typeof import('./storage.ts');
let storage: Storage | null = null;
const loadStorage = (): Promise<Storage> => import('./storage.ts').then((m) => (storage = m));
const loadDropdowns = () => {
  void loadGroups().catch(() => undefined);
  void loadRecent().catch(() => undefined);
  void loadStorage().catch(() => undefined);
};
const remember = (r: RecentSearch) =>
  void loadStorage().then(
    (s) => s.rememberSearch(r),
    () => undefined,
  );

/** The browser asks at most once per pause in typing (issue 14: ~150 ms). */
export const SUGGEST_DEBOUNCE_MS = 150;
export const SUGGEST_PATH = '/-/suggest';

export interface SearchBoxProps {
  placeholder?: string;
  defaultValue?: string;
  className?: string;
  autoFocus?: boolean;
  /** The query key the form submits: `q`, or `keyword` for the older boxes' links (/search reads both). */
  name?: 'q' | 'keyword';
  /** Show the recent searches under the empty box when it has focus (not on /search, which shows them itself). */
  recentPanel?: boolean;
}

/**
 * The one search box (issue 14): a GET form to /search?q= that works before hydration and without JavaScript. In the
 * browser, typing asks /-/suggest after a pause and lists the matching places grouped by kind; an answer to an older
 * keyword is dropped. Submitting or picking a suggestion is remembered as a recent search.
 */
export function SearchBox({
  placeholder = '搜小区、楼盘、区域、学校、地铁站',
  defaultValue = '',
  className = '',
  autoFocus = false,
  recentPanel = true,
  name = 'q',
}: SearchBoxProps) {
  const [value, setValue] = useState(defaultValue);
  const [answer, setAnswer] = useState<SuggestAnswer | null>(null);
  const [focused, setFocused] = useState(false);
  /** The list under the box: open while typing, closed by a tap elsewhere or Escape. */
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const [recent, setRecent] = useState<RecentSearch[] | null>(null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (!open) return;
    const closeOutside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) {
        setOpen(false);
        setFocused(false);
      }
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const ask = (keyword: string) => {
    clearTimeout(timer.current);
    const mine = ++seq.current;
    if (!keyword) {
      inflight.current?.abort();
      setAnswer(null);
      return;
    }
    timer.current = setTimeout(async () => {
      inflight.current?.abort();
      const ctrl = new AbortController();
      inflight.current = ctrl;
      try {
        const res = await fetch(`${SUGGEST_PATH}?q=${encodeURIComponent(keyword)}`, {
          signal: ctrl.signal,
          headers: { accept: 'application/json' },
        });
        if (!res.ok) return;
        const body = (await res.json()) as SuggestAnswer;
        // Only the answer to what the box says now: a slower, older answer never replaces a newer one.
        if (mine === seq.current && body && Array.isArray(body.groups)) setAnswer(body);
      } catch {
        // Aborted by a newer keyword, or offline: the last list stays.
      }
    }, SUGGEST_DEBOUNCE_MS);
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    setValue(e.target.value);
    setOpen(true);
    ask(e.target.value.trim());
  };

  const keyword = value.trim();
  const current = open && answer && answer.keyword === keyword.slice(0, SEARCH_QUERY_MAX) ? answer : null;
  const showRecent = open && recentPanel && focused && !keyword && recent !== null && recent.length > 0;

  return (
    <div className="srch-box" ref={root}>
      <form
        className={`sbar ${className}`.trim()}
        action="/search"
        method="get"
        role="search"
        onSubmit={(e) => {
          if (!keyword) {
            e.preventDefault();
            return;
          }
          if (storage) {
            storage.rememberSearch({ q: keyword });
            return;
          }
          // Submitted without a tap into the box first (its storage code not in yet): remembered, then sent.
          e.preventDefault();
          const form = e.currentTarget;
          void loadStorage()
            .then(
              (s) => s.rememberSearch({ q: keyword }),
              () => undefined,
            )
            .finally(() => form.submit());
        }}
      >
        <SearchIcon size={18} className="sbar__icon" />
        <input
          className="sbar__input"
          type="search"
          name={name}
          value={value}
          onChange={onChange}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
          onFocus={() => {
            loadDropdowns();
            setFocused(true);
            setOpen(true);
            if (recentPanel)
              void loadStorage().then(
                (s) => setRecent(s.readRecent()),
                () => undefined,
              );
          }}
          placeholder={placeholder}
          aria-label="搜索关键词"
          aria-autocomplete="list"
          enterKeyHint="search"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the search screen exists to type a keyword
          autoFocus={autoFocus}
          maxLength={SEARCH_QUERY_MAX}
        />
        <button className="sbar__btn" type="submit">
          搜索
        </button>
      </form>
      {current ? (
        <Suspense fallback={null}>
          <div className="srch-drop" data-testid="suggestions">
            {current.groups.length ? (
              <SearchGroups groups={current.groups} compact onPick={(title, url) => remember({ q: title, url })} />
            ) : (
              <p className="srch-drop__none">没有找到“{current.keyword}”相关的小区、楼盘或地点，按“搜索”查看全部结果</p>
            )}
          </div>
        </Suspense>
      ) : null}
      {showRecent ? (
        <Suspense fallback={null}>
          <div className="srch-drop">
            <RecentSearches initial={recent} onClear={() => setRecent([])} />
          </div>
        </Suspense>
      ) : null}
    </div>
  );
}
