import type { Got } from 'got';
import { LRUCache } from 'lru-cache';
import { type CallContext, callGateway, GatewayError } from './http.ts';

/** SPEC 3, City (server fields). */
export interface City {
  cityId: number;
  name: string;
  cname?: string;
  domain: string;
  servicePhone?: string;
  /** Full pinyin of the name (`changsha`), for the city picker's letters and filter. */
  pinyin?: string;
  province?: string;
  /** 1 for a hot city of the picker. */
  hot?: number;
}

const TWO_HOURS = 2 * 60 * 60 * 1000;
/** How long "no such city" is believed: long enough to absorb a crawler's burst, short enough to see a new city. */
const UNKNOWN_TTL_MS = 30_000;

/**
 * A label that can be a city's sub-domain: a DNS label of letters, digits and hyphens, starting with a letter.
 * Anything else is not a city and never costs a gateway call (issue 11 point 8).
 */
const CITY_LABEL = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const isCityLabel = (label: string): boolean => label.length <= 24 && CITY_LABEL.test(label);

const isCity = (obj: unknown): obj is City =>
  obj !== null && typeof obj === 'object' && Number.isInteger((obj as City).cityId) && (obj as City).cityId > 0;

export interface CityCacheOptions {
  /** SPEC 9: 100 cities. */
  max?: number;
  /** SPEC 9: 2 hours. */
  ttlMs?: number;
  /** Unknown labels, in their own small cache so that they never push a known city out. */
  unknownMax?: number;
  unknownTtlMs?: number;
}

/**
 * A cached city lookup. Only a real city is kept for 2 hours; a clear "none" from the gateway (obj null) is kept
 * briefly in its own cache; an answer that is neither (an empty or malformed obj, a failure) is a 502 and is not
 * kept, so a gateway that recovers is believed at once (issue 11 point 3). Lookups of one key share one call.
 */
function cityLookup(fetch: (call: CallContext, key: string) => Promise<City | null>, opts: CityCacheOptions) {
  const known = new LRUCache<string, City>({ max: opts.max ?? 100, ttl: opts.ttlMs ?? TWO_HOURS });
  const unknown = new LRUCache<string, true>({ max: opts.unknownMax ?? 1000, ttl: opts.unknownTtlMs ?? UNKNOWN_TTL_MS });
  const inflight = new Map<string, Promise<City | null>>();
  return async (call: CallContext, key: string): Promise<City | null> => {
    const hit = known.get(key);
    if (hit) return hit;
    if (unknown.has(key)) return null;
    let pending = inflight.get(key);
    if (!pending) {
      pending = fetch(call, key)
        .then((city) => {
          if (city) known.set(key, city);
          else unknown.set(key, true);
          return city;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };
}

async function fetchCity(gateway: Got, call: CallContext, path: string, searchParams: Record<string, string>): Promise<City | null> {
  const body = await callGateway<City | null>(gateway, call, path, { searchParams });
  if (body.obj === null || body.obj === undefined) return null;
  if (isCity(body.obj)) return body.obj;
  call.log.error({ gateway: path }, 'gateway answered a city without its fields');
  throw new GatewayError(502, path, `Gateway ${path} answered an incomplete city`);
}

/** The key of the one entry of the city list cache. */
const ALL = 'all';

/**
 * The whole city list (the city picker, issue 14), fetched once and kept 2 hours like every city answer (SPEC 9: 100
 * entries, 2 h); concurrent first requests share one call; a failure or an answer without cities is not kept.
 */
function cityList(gateway: Got, opts: CityCacheOptions) {
  const cache = new LRUCache<string, City[]>({ max: opts.max ?? 100, ttl: opts.ttlMs ?? TWO_HOURS });
  let inflight: Promise<City[]> | null = null;
  return (call: CallContext): Promise<City[]> => {
    const hit = cache.get(ALL);
    if (hit) return Promise.resolve(hit);
    inflight ??= callGateway<City[]>(gateway, call, '/api/city/findAll')
      .then((body) => {
        const list = Array.isArray(body.obj) ? body.obj.filter(isCity) : [];
        if (!list.length) {
          call.log.error({ gateway: '/api/city/findAll' }, 'gateway answered no cities');
          throw new GatewayError(502, '/api/city/findAll', 'Gateway /api/city/findAll answered no cities');
        }
        cache.set(ALL, list);
        return list;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
}

export function createCityApi(gateway: Got, opts: CityCacheOptions = {}) {
  const all = cityList(gateway, opts);
  const byDomain = cityLookup((call, domain) => fetchCity(gateway, call, '/api/city/getCityByDomain', { domain }), opts);
  const byName = cityLookup((call, name) => fetchCity(gateway, call, 'api/city/findSiteByName', { name }), opts);
  return {
    /** The city of a sub-domain label; null for a label that is no city (without a gateway call when it cannot be one). */
    getCityByDomain(call: CallContext, domain: string): Promise<City | null> {
      const key = domain.toLowerCase();
      if (!isCityLabel(key)) return Promise.resolve(null);
      return byDomain(call, key);
    },
    findSiteByName(call: CallContext, name: string): Promise<City | null> {
      return byName(call, name);
    },
    /** Every city of the site (GET /api/city/findAll), cached. */
    findAll(call: CallContext): Promise<City[]> {
      return all(call);
    },
  };
}
