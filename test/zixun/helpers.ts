import type { FastifyInstance } from 'fastify';
import { backendRows } from '../listings/helpers.ts';

export { backendRows };

/** The article links of a page, in order. */
export const articleLinks = (html: string) => [...html.matchAll(/href="(\/(?:zixun|daogou)\/\d+\.html)"/g)].map((m) => m[1] as string);

/** A same-origin JSON post to an article action, as the page's fetch sends it. */
export function actionPost(app: FastifyInstance, path: string, body: Record<string, unknown>, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: path,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      origin: 'http://localhost',
      host: 'localhost',
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** One article row of the embedded gateway's database. */
export function docRow(backend: { dataDir: string }, id: number) {
  return backendRows(backend, 'SELECT * FROM info_doc WHERE id = ?', id)[0] as {
    id: number;
    city_id: number;
    type_id: number;
    account_id: number;
    title: string;
    content: string;
    fabulous_num: number;
    collect_num: number;
    comment_num: number;
  };
}

/** The React text of `html` without the comment markers React puts between adjacent texts. */
export const plain = (html: string) => html.replaceAll('<!-- -->', '');
