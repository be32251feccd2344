import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import type { MemberInfo } from '../../src/contracts/gateway/index.ts';
import type { UserInfo } from '../../src/contracts/session.ts';
import { buildAppOverBackend } from '../helpers/build.ts';
import { backendRows, registerMember } from '../listings/helpers.ts';

export { backendRows, registerMember };

/** The portal over the embedded backend, a real member registered through the gateway, and their signed cookie. */
export async function memberPortal(t: Test, phone = '13811112222', nickName = '测试会员') {
  const portal = await buildAppOverBackend(t);
  const member = await registerMember(portal.backend, phone, nickName);
  const cookie = cookieOf(portal, member);
  return { portal, app: portal.app, backend: portal.backend, member, cookie };
}

/** The login cookie of a member, as the login flow sets it (uid, userId and session version). */
export function cookieOf(portal: { memberCookie(u: Partial<UserInfo>): string }, m: MemberInfo): string {
  return portal.memberCookie({
    uid: m.uid,
    userId: m.userId,
    phone: m.phone,
    nickName: m.nickName,
    headUrl: m.headUrl,
  });
}

/** A same-origin form post (urlencoded, as a browser without JavaScript sends it). */
export function formPost(app: FastifyInstance, url: string, fields: Record<string, string | string[]>, cookie?: string, json = false) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return app.inject({
    method: 'POST',
    url,
    payload: body.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost',
      host: 'localhost',
      ...(json ? { accept: 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** A same-origin multipart post with one file. */
export function multipartPost(
  app: FastifyInstance,
  url: string,
  file: { field: string; name: string; mime: string; data: Buffer },
  fields: Record<string, string>,
  cookie: string,
  json = true,
) {
  const boundary = '----membertest7b3f';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.mime}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      origin: 'http://localhost',
      host: 'localhost',
      cookie,
      ...(json ? { accept: 'application/json' } : {}),
    },
  });
}

/** Cookies a reply set, as one Cookie header value (to carry a session across requests). */
export function mergeCookies(cookie: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c] as const),
  );
  for (const sc of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
    const pair = sc.split(';')[0] as string;
    const name = pair.slice(0, pair.indexOf('='));
    if (/Expires=Thu, 01 Jan 1970/i.test(sc) || /Max-Age=0/i.test(sc)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}
