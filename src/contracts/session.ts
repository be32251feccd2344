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

/**
 * What the signed `userInfo` cookie holds (issue 13, 33): the member's ids and the token of the server-side session
 * the login opened (the gateway keeps only its SHA-256). A logout, a password change or the console ends the session:
 * a copy of the cookie then signs nobody in.
 */
export interface SessionIds {
  uid: string;
  userId: string;
  token: string;
}
