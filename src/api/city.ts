import type { Got } from 'got';
import { LRUCache } from 'lru-cache';
import { type CallContext, callGateway } from './http.ts';

/** SPEC 3, City (server fields). */
export interface City {
  cityId: number;
  name: string;
  cname?: string;
  domain: string;
  servicePhone?: string;
}

const TWO_HOURS = 2 * 60 * 60 * 1000;

export function createCityApi(gateway: Got) {
  // SPEC 9: city data cached 2 hours, 100 entries. Unknown labels are cached too (as null) so a crawler
  // trying random sub-domains cannot make every request reach the gateway.
  const byDomain = new LRUCache<string, { city: City | null }>({ max: 100, ttl: TWO_HOURS });
  const byName = new LRUCache<string, { city: City | null }>({ max: 100, ttl: TWO_HOURS });
  return {
    async getCityByDomain(call: CallContext, domain: string): Promise<City | null> {
      const key = domain.toLowerCase();
      const hit = byDomain.get(key);
      if (hit) return hit.city;
      const body = await callGateway<City | null>(gateway, call, '/api/city/getCityByDomain', { searchParams: { domain: key } });
      const city = body.obj && typeof body.obj === 'object' && 'cityId' in body.obj ? body.obj : null;
      byDomain.set(key, { city });
      return city;
    },
    async findSiteByName(call: CallContext, name: string): Promise<City | null> {
      const hit = byName.get(name);
      if (hit) return hit.city;
      const body = await callGateway<City | null>(gateway, call, 'api/city/findSiteByName', { searchParams: { name } });
      const city = body.obj && typeof body.obj === 'object' && 'cityId' in body.obj ? body.obj : null;
      byName.set(name, { city });
      return city;
    },
  };
}
