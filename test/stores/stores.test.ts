import t from 'tap';
import { proxy, snapshot } from 'valtio';
import { FETCH_MIN_DISPLAY_MS, type FetchStates, runFetch } from '../../src/stores/fetch-state.ts';
import { createPageStores, definePageStore, mergeRestored } from '../../src/stores/page-store.ts';
import {
  APP_STORE_RULES,
  decodeState,
  encodeState,
  loadState,
  PERSIST_KEY,
  PERSIST_MAX_AGE_MS,
  saveState,
} from '../../src/stores/persistence.ts';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 1000;
  const sleepers: Array<{ at: number; resolve: () => void }> = [];
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((resolve) => sleepers.push({ at: now + ms, resolve })),
    async advance(ms: number) {
      now += ms;
      for (const s of sleepers.splice(0)) {
        if (s.at <= now) s.resolve();
        else sleepers.push(s);
      }
      await new Promise((r) => setImmediate(r));
    },
  };
}

t.test('fetch state: pending while running and for at least 200 ms, then timestamp; data handed on at once', async (t) => {
  t.equal(FETCH_MIN_DISPLAY_MS, 200);
  const clock = fakeClock();
  const states: FetchStates = {};
  let value: string | undefined;
  const p = runFetch(states, 'ershoufang.list', async () => 'data', { clock }).then((v) => {
    value = v;
  });
  t.same(states['ershoufang.list'], { pending: true, error: null, timestamp: 0 });
  await p;
  t.equal(value, 'data', 'the value is not held back by the display delay');
  await clock.advance(50);
  t.equal(states['ershoufang.list'].pending, true, 'still pending at 50 ms');
  await clock.advance(150);
  t.same(states['ershoufang.list'], { pending: false, error: null, timestamp: 1200 });
});

t.test('fetch state: a slow fetch is not delayed further; an error is kept', async (t) => {
  const clock = fakeClock();
  const states: FetchStates = {};
  let fail!: (e: Error) => void;
  const p = runFetch(states, 'k', () => new Promise<string>((_r, rej) => (fail = rej)), { clock });
  await clock.advance(500);
  fail(new Error('gateway down'));
  await t.rejects(p, /gateway down/);
  await new Promise((r) => setImmediate(r));
  t.same(states.k, { pending: false, error: 'gateway down', timestamp: 1500 });
});

t.test('fetch state: a newer run of the same page supersedes an older one', async (t) => {
  const clock = fakeClock();
  const states: FetchStates = {};
  let first!: (v: string) => void;
  const a = runFetch(states, 'k', () => new Promise<string>((r) => (first = r)), { clock });
  const b = runFetch(states, 'k', async () => 'b', { clock });
  await b;
  await clock.advance(200);
  t.equal(states.k.pending, false);
  const stamp = states.k.timestamp;
  first('a');
  await a;
  await clock.advance(400);
  t.equal(states.k.timestamp, stamp, 'the older run no longer touches the state');
});

t.test('fetch state works on a valtio proxy (the browser)', async (t) => {
  const states = proxy<FetchStates>({});
  await runFetch(states, 'x', async () => 1, { minMs: 0 });
  await new Promise((r) => setTimeout(r, 5));
  t.equal(snapshot(states).x.pending, false);
});

const listStore = definePageStore('ershoufang.list', () => ({ filter: { price: '', rooms: [] as number[] }, page: 1 }));
const secretStore = definePageStore('chat', () => ({ draft: '' }), { noCache: true });

t.test('page stores: a fresh instance per set (per request on the server), one per key', async (t) => {
  const a = createPageStores({ reactive: false });
  const b = createPageStores({ reactive: false });
  a.get(listStore).page = 3;
  t.equal(b.get(listStore).page, 1, 'two requests never share a store');
  t.equal(a.get(listStore), a.get(listStore), 'the same instance within a request');
  t.not(a.get(listStore, 'zufang'), a.get(listStore), 'another key, another instance');
  t.throws(() => definePageStore('bad name', () => ({})));
});

t.test('page stores: persistable leaves out no-cache stores and keeps what other screens saved', async (t) => {
  const s = createPageStores({ reactive: true });
  s.restore({ 'xiaoqu.list': { page: 4 }, chat: { draft: 'old' } });
  s.get(listStore).page = 2;
  s.get(secretStore).draft = 'hello';
  t.same(s.persistable(), { 'xiaoqu.list': { page: 4 }, 'ershoufang.list': { filter: { price: '', rooms: [] }, page: 2 } });
});

t.test('page stores: restore applies to stores created before (after hydration) and after', async (t) => {
  const s = createPageStores({ reactive: true });
  const early = s.get(listStore);
  s.restore({ 'ershoufang.list': { page: 5, filter: { price: '100-120', rooms: [2, 3] } }, chat: { draft: 'x' } });
  t.equal(early.page, 5);
  t.same(early.filter.rooms, [2, 3]);
  t.equal(s.get(secretStore).draft, '', 'a no-cache store is never restored');
});

t.test('restored snapshots only fill declared fields of the same kind', async (t) => {
  const target = { a: 1, b: 'x', c: [1], d: { e: true }, n: null as string | null };
  // As sessionStorage gives it back: JSON.parse makes `__proto__` an own key, never the prototype.
  mergeRestored(target, JSON.parse('{"a":"2","b":"y","c":"no","d":{"e":false,"extra":1},"n":"set","evil":1,"__proto__":{"polluted":1}}'));
  t.same(target, { a: 1, b: 'y', c: [1], d: { e: false }, n: 'set' });
  t.equal(({} as Record<string, unknown>).polluted, undefined);
  mergeRestored(target, 'garbage');
  t.equal(target.b, 'y');
});

t.test('persistence: versioned, aged, bounded, and never the server-owned stores', async (t) => {
  for (const rule of Object.values(APP_STORE_RULES)) t.equal(rule, 'no-cache');
  const text = encodeState({ k: { v: 1 } }, 5000);
  t.same(decodeState(text, 6000), { k: { v: 1 } });
  t.same(decodeState(text, 5000 + PERSIST_MAX_AGE_MS + 1), {}, 'too old');
  t.same(decodeState('{"v":0,"at":5000,"stores":{"k":1}}', 6000), {}, 'another version');
  t.same(decodeState('not json', 6000), {});
  t.same(decodeState(null, 6000), {});
  t.equal(encodeState({}, 1), null, 'nothing to save');
  t.equal(encodeState({ big: 'x'.repeat(300 * 1024) }, 1), null, 'too large to save');

  const mem = new Map<string, string>();
  const storage = {
    getItem: (k: string) => mem.get(k) ?? null,
    setItem: (k: string, v: string) => void mem.set(k, v),
    removeItem: (k: string) => void mem.delete(k),
  };
  t.equal(saveState(storage, { k: 1 }, 100), true);
  t.ok(mem.has(PERSIST_KEY));
  t.same(loadState(storage, 200), { k: 1 });
  saveState(storage, {}, 300);
  t.notOk(mem.has(PERSIST_KEY), 'an empty state clears the entry');
  const full = {
    ...storage,
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  };
  t.equal(saveState(full, { k: 1 }), false, 'a full storage is not an error');
  t.same(loadState(null), {});
});
