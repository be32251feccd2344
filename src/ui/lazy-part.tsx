import {
  type ComponentType,
  memo,
  type ReactNode,
  type RefObject,
  Suspense,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { isClientHref, isPlainClick } from './client-href.ts';
import { lazyRootMargin } from './lazy-margin.ts';

/**
 * A part of a screen whose code is not in the JavaScript before the page is interactive (issue 35 part 4: at most
 * 85 KB gzipped on a phone): what lies below the fold or waits for a tap. The server renders it like any component;
 * the browser keeps that markup (links and forms work as they are) and fetches the part's chunk only when it is
 * needed, then hydrates it:
 * - `view`: once the part is within 1.3 viewports (SPEC 2.8, the images' rule);
 * - `tap`: at the first touch, click, key or focus inside it (the tap itself works as plain HTML: a `<details>` opens,
 *   a link is followed).
 * A site link tapped before the part is hydrated is followed once it is, as the hydrated link would (a client
 * navigation), not as a plain link. A part rendered in the browser without the server's markup (a client navigation)
 * fetches its chunk at once and shows `fallback` (the part's space kept) until it is in; a client navigation normally
 * has them all in before it shows the screen (`loadParts`). A chunk that cannot be fetched leaves the server's markup
 * in place.
 *
 * On the server a part's chunk is imported when its module loads, and `partsReady` settles once every one known is
 * in (src/render/modules.ts waits for it before a screen renders), so the markup is the same as without the split.
 * Keep a part's props stable (data objects of the screen, not objects built in render): a changed prop while the
 * part still shows the server's markup would make React drop that markup for the fallback.
 */
export type PartTrigger = 'view' | 'tap';

const ON_SERVER = typeof window === 'undefined';
/** Server: the parts' imports still under way (kept until settled, so concurrent first renders all wait for them). */
const serverLoads = new Set<Promise<unknown>>();

/** Browser: how to fetch each part defined so far. */
const clientParts: Array<() => Promise<void>> = [];

/**
 * Browser: every part known so far is loaded (or failed). A client navigation waits for this after the next screen's
 * module (src/client/entry.tsx): the new screen is shown complete, with no fallback where the server would have
 * rendered a part.
 */
export async function loadParts(): Promise<void> {
  await Promise.all(clientParts.map((start) => start()));
}

/**
 * Server (and tests that render to a string): every part known so far is loaded. Rejects when a part's module cannot
 * be imported (a broken build): the page is then an error page, not a render that waits for ever.
 */
export async function partsReady(): Promise<void> {
  while (serverLoads.size) await Promise.all(serverLoads);
}

const TAP_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** One part's chunk: what its render waits for, and how to start fetching it. */
interface Chunk<P> {
  when: PartTrigger;
  fallback?: (props: P) => ReactNode;
  /** Settled with React's status fields once loaded, so a render after the load never suspends. */
  gate: Promise<ComponentType<P>>;
  loaded(): boolean;
  start(): Promise<void>;
}

function Loaded<P extends object>({ chunk, props, onReady }: { chunk: Chunk<P>; props: P; onReady: () => void }) {
  const Component = use(chunk.gate);
  // Runs once the part is hydrated (or rendered): its links have their handlers from now on.
  useLayoutEffect(onReady, [onReady]);
  return <Component {...props} />;
}

/** The fallback is only ever shown without the server's markup (a client navigation): the chunk is needed now. */
function Waiting({ start, children }: { start: () => Promise<void>; children: ReactNode }) {
  useEffect(() => void start(), [start]);
  return children;
}

/** Starts the chunk's fetch when the server's markup is seen or touched. */
function useTrigger(ref: RefObject<HTMLDivElement | null>, chunk: Chunk<never>): void {
  useEffect(() => {
    const el = ref.current;
    // Without the server's markup (React's `<!--$-->` of the boundary) the fallback is loading the chunk.
    if (chunk.loaded() || el?.firstChild?.nodeType !== Node.COMMENT_NODE) return;
    // A part that rendered nothing has nothing to hydrate.
    if (!el.firstElementChild) return;
    if (typeof IntersectionObserver === 'undefined') {
      void chunk.start();
      return;
    }
    if (chunk.when === 'tap') {
      // On the document, before React's own listeners: React stops a tap on markup it has not hydrated yet.
      const stop = () => {
        for (const type of TAP_EVENTS) document.removeEventListener(type, go, true);
      };
      const go = (e: Event) => {
        if (!el.contains(e.target as Node)) return;
        void chunk.start();
        stop();
      };
      for (const type of TAP_EVENTS) document.addEventListener(type, go, { capture: true, passive: true });
      return stop;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void chunk.start();
      },
      { rootMargin: lazyRootMargin(window.innerHeight) },
    );
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, chunk]);
}

/** How long a tapped link waits for its part before it is followed as a plain link. */
const EARLY_CLICK_WAIT_MS = 3000;

/**
 * A site link of the server's markup tapped before the part is hydrated: the tap is held, the chunk fetched, and the
 * link clicked again once the part is hydrated (`ready`), so it navigates client-side as its AppLink does; after
 * EARLY_CLICK_WAIT_MS without the part it is followed as a plain link. Other taps (a `<summary>`, a form's button)
 * keep their own behaviour.
 */
function useEarlyClicks(ref: RefObject<HTMLDivElement | null>, chunk: Chunk<never>, ready: RefObject<(() => void) | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let letThrough: Element | null = null;
    const onClick = (e: MouseEvent) => {
      if (ready.current === null || e.defaultPrevented || !isPlainClick(e)) return;
      const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link === letThrough || !el.contains(link)) return;
      if (!isClientHref(link.getAttribute('href') ?? '', { target: link.target, download: link.getAttribute('download') ?? undefined }))
        return;
      e.preventDefault();
      const follow = () => {
        clearTimeout(timer);
        letThrough = link;
        setTimeout(() => {
          link.click();
          letThrough = null;
        });
      };
      const timer = setTimeout(follow, EARLY_CLICK_WAIT_MS);
      ready.current = follow;
      void chunk.start();
    };
    // On the document, before React's own listener: React stops a click on markup it has not hydrated yet.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [ref, chunk, ready]);
}

/**
 * The wrapper has no box (`display: contents`, base.css): the part lays out exactly as without it (a sticky bar stays
 * sticky); it carries the listeners, and the part's own elements are what is watched for the view.
 */
function PartFrame<P extends object>({ chunk, props }: { chunk: Chunk<P>; props: P }) {
  const ref = useRef<HTMLDivElement>(null);
  /** Until the part is hydrated: what to do then (follow a held tap), or a no-op; null once hydrated. */
  const ready = useRef<(() => void) | null>(() => {});
  const onReady = useCallback(() => {
    const then = ready.current;
    ready.current = null;
    then?.();
  }, []);
  useTrigger(ref, chunk as Chunk<never>);
  useEarlyClicks(ref, chunk as Chunk<never>, ready);
  return (
    <div className="lazy-part" ref={ref}>
      <Suspense fallback={<Waiting start={chunk.start}>{chunk.fallback?.(props) ?? null}</Waiting>}>
        <Loaded chunk={chunk} props={props} onReady={onReady} />
      </Suspense>
    </div>
  );
}

/**
 * A lazily loaded component: `load` imports its module and picks the component. `fallback` shows where the part
 * will be during a client navigation, before its chunk is in; it should take the part's space. Call it once per part,
 * at module level (as React.lazy).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { when, fallback }: { when: PartTrigger; fallback?: (props: P) => ReactNode },
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let open: (c: ComponentType<P>) => void = () => {};
  const gate = new Promise<ComponentType<P>>((resolve) => {
    open = resolve;
  });
  const settle = (component: ComponentType<P>) => {
    loaded = component;
    Object.assign(gate, { status: 'fulfilled', value: component });
    open(component);
  };
  let started: Promise<void> | null = null;
  const start = (): Promise<void> => {
    started ??= load().then(settle, () => {
      // Not fetched (offline, a new deploy): the server's markup stays; the next trigger tries again.
      started = null;
    });
    return started;
  };
  if (!ON_SERVER) clientParts.push(start);
  else {
    const imported = load();
    serverLoads.add(imported);
    const done = () => void serverLoads.delete(imported);
    imported.then(done, done);
    started = imported.then(settle, () => undefined);
  }
  const chunk: Chunk<P> = { when, fallback, gate, loaded: () => loaded !== null, start };
  return memo((props: P) => <PartFrame chunk={chunk} props={props} />) as unknown as ComponentType<P>;
}
