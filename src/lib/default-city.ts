import type { CityInfo } from '../contracts/session.ts';
import type { SiteSettings } from '../registry/types.ts';

/**
 * SPEC 1, 9: the city of a request the host names none of (default id 1, 长沙), from the registry's site settings. Its
 * service phone is unknown until the gateway answers; the one place the fallback city is built.
 */
export const defaultCity = (site: SiteSettings): CityInfo => ({
  cityId: site.defaultCityId,
  name: site.defaultCityName,
  domain: '',
  servicePhone: '',
});
