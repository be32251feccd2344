import type { SiteSettings } from './types.ts';

/** What the footer, the new-home bar and /aboutUs show for one city (issue 32). */
export interface CityContactValues {
  supervisionPhone: string;
}

/** The city's own contacts from `site.cityContacts`, or the head office's for a city without an entry. */
export function cityContactsOf(site: SiteSettings, cityId: number): CityContactValues {
  const own = site.cityContacts?.[String(cityId)];
  return { supervisionPhone: own?.supervisionPhone ?? site.supervisionPhone };
}
