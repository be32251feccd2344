/** The city a request is for (SPEC 3, server fields) plus how the site was reached. */
export interface CityInfo {
  cityId: number;
  name: string;
  /** Sub-domain label of the city. */
  domain: string;
  servicePhone: string;
}

export type SiteKind = 'mobile' | 'pc';

/** Login state restored from the signed user-info cookie (SPEC 3, 4). */
export interface UserInfo {
  uid: string;
  userId: string;
  headUrl: string;
  nickName: string;
  phone: string;
  token: string;
}
