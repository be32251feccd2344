import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { SuggestAnswer } from '../../contracts/page-data/search.ts';
import { AppLink } from '../AppLink.tsx';
import { SUGGEST_PATH } from '../search/SearchBox.tsx';

const DEBOUNCE_MS = 150;
export const GUJIA_FORM = '/fangjia/gujia';
export const pickHref = (stressId: number | string) => `${GUJIA_FORM}?stressId=${stressId}`;

/** A suggestion's community id from its url (`/xiaoqu/12.html`). */
const idOfUrl = (url: string): string | null => /\/xiaoqu\/(\d+)\.html/.exec(url)?.[1] ?? null;

/**
 * The community search of the valuation form: a GET form to /fangjia/gujia?q= (works without JavaScript: the page
 * lists the matches), and while typing the site's suggestions (/-/suggest, Chinese, full pinyin or initials) as links
 * that pick the community.
 */
export function XiaoquPicker({ q }: { q: string }) {
  const [value, setValue] = useState(q);
  const [hits, setHits] = useState<Array<{ id: string; title: string; subtitle: string }>>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const seq = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const keyword = e.target.value;
    setValue(keyword);
    clearTimeout(timer.current);
    const mine = ++seq.current;
    if (!keyword.trim()) return setHits([]);
    timer.current = setTimeout(async () => {
      try {
        const res = await fetch(`${SUGGEST_PATH}?q=${encodeURIComponent(keyword.trim())}`, { headers: { accept: 'application/json' } });
        if (!res.ok) return;
        const body = (await res.json()) as SuggestAnswer;
        const group = body.groups.find((g) => g.kind === 'xiaoqu');
        const list = (group?.items ?? []).flatMap((it) => {
          const id = idOfUrl(it.url);
          return id ? [{ id, title: it.title, subtitle: it.subtitle }] : [];
        });
        if (mine === seq.current) setHits(list);
      } catch {
        // Offline: the plain form still searches.
      }
    }, DEBOUNCE_MS);
  };

  return (
    <form className="gj-pick" action={GUJIA_FORM} method="get" role="search">
      <label className="fm__field">
        <span>小区名称</span>
        <input
          type="search"
          name="q"
          value={value}
          onChange={onChange}
          placeholder="输入小区名称或拼音，如 sdy"
          autoComplete="off"
          maxLength={40}
          data-testid="gj-q"
        />
      </label>
      {hits.length > 0 && (
        <ul className="gj-pick__hits" data-testid="gj-suggest">
          {hits.map((h) => (
            <li key={h.id}>
              <AppLink href={pickHref(h.id)}>
                <strong>{h.title}</strong>
                <span>{h.subtitle}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <button type="submit" className="btn btn--ghost btn--block gj-pick__go">
        搜索小区
      </button>
    </form>
  );
}
