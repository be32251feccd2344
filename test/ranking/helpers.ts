/** Reading the rankings, topics and discovery pages as a phone user sees them (issue 15 part C). */

const noComments = (html: string) => html.replaceAll('<!-- -->', '');

export interface RankRow {
  href: string;
  id: number;
  kind: 'xiaoqu' | 'xinfang';
  name: string;
  /** The price figure as printed (元/㎡), NaN when 暂无 or 价格待定. */
  price: number;
  /** The ratio text (环比上月 ↑0.52%), '' when none. */
  ratio: string;
  /** 人关注, NaN when the board does not show views. */
  views: number;
}

/** The rows of every ranking list on a page, in order. */
export function rankRows(html: string): RankRow[] {
  return [
    ...noComments(html).matchAll(/<a data-testid="rank-row" href="(\/(xiaoqu|xinfang)\/(\d+)\.html)" class="rk-row">(.*?)<\/a>/gs),
  ].map((m) => {
    const body = m[4] as string;
    const text = (re: RegExp) => re.exec(body)?.[1] ?? '';
    return {
      href: m[1] as string,
      kind: m[2] as RankRow['kind'],
      id: Number(m[3]),
      name: text(/data-testid="rank-name">([^<]*)</),
      price: Number(text(/data-testid="rank-price">([\d,]+)</).replaceAll(',', '') || 'NaN'),
      ratio: text(/data-testid="ratio">([^<]*)</),
      views: Number(text(/data-testid="rank-views">(\d+)</) || 'NaN'),
    };
  });
}

/** The part of a page inside the element carrying `data-testid="{id}"` up to the next such section. */
export function section(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return '';
  const next = html.indexOf('<section', start + 1);
  return html.slice(start, next < 0 ? undefined : next);
}

/** Every href of a page matching a pattern. */
export const hrefs = (html: string, re: RegExp): string[] =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] as string).filter((h) => re.test(h));
