/** The city a request is for (SPEC 3, server fields) plus how the site was reached. */
export interface CityInfo {
  cityId: number;
  name: string;
  /** Sub-domain label of the city. */
  domain: string;
  servicePhone: string;
}

export type SiteKind = 'mobile' | 'pc';

/**
 * Login state (SPEC 3, 4) as pages see it: the member the signed cookie names, read from the gateway. No gateway
 * token and no password: nothing here is a secret, and it is all the browser's state gets.
 */
export interface UserInfo {
  uid: string;
  userId: string;
  headUrl: string;
  nickName: string;
  phone: string;
}

/** What the signed `userInfo` cookie holds (issue 13): the ids the server needs and the session version. */
export interface SessionIds {
  uid: string;
  userId: string;
  /** The member's session version when the cookie was signed; a password reset or change bumps it. */
  sv: number;
}
