import type { Test } from 'tap';
import type { XiaoquDetail, XiaoquItem } from '../../src/contracts/gateway/index.ts';
import { buildTestApp } from '../helpers/build.ts';
import { perCallGateway } from '../helpers/per-call-gateway.ts';
import { backendObj } from '../listings/helpers.ts';

export { backendObj };

/** A community card as a phone user sees it on the list. */
export interface XqCard {
  href: string;
  id: number;
  name: string;
  facts: string;
  avgPrice: number;
  ratio: string;
  ershoucount: number;
  zufangcount: number;
}

const noComments = (html: string) => html.replaceAll('<!-- -->', '');

export function xqCards(html: string): XqCard[] {
  return [
    ...noComments(html).matchAll(/<a data-testid="xiaoqu-card" href="(\/xiaoqu\/(\d+)\.html)" class="lcard xq-card">(.*?)<\/a>/gs),
  ].map((m) => {
    const body = m[3] as string;
    const text = (re: RegExp) => re.exec(body)?.[1] ?? '';
    return {
      href: m[1] as string,
      id: Number(m[2]),
      name: text(/lcard__title">([^<]*)</),
      facts: text(/lcard__facts">([^<]*)</),
      avgPrice: Number(text(/data-testid="avg-price">([\d,]+)</).replaceAll(',', '') || 'NaN'),
      ratio: text(/data-testid="ratio">([^<]*)</),
      ershoucount: Number(text(/data-testid="ershoucount">(\d+)</) || 'NaN'),
      zufangcount: Number(text(/data-testid="zufangcount">(\d+)</) || 'NaN'),
    };
  });
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap((m) => {
    const v = JSON.parse(m[1] as string) as unknown;
    return (Array.isArray(v) ? v : [v]) as Array<Record<string, unknown>>;
  });
}

/** A community of the embedded backend, as the gateway answers it (before the client copies sname into name). */
export const backendXiaoqu = (backend: { url: string }, id: number) => backendObj<XiaoquDetail>(backend, `/api/xiaoqu/findById/${id}`);

export const backendXiaoquList = (backend: { url: string }, filter: Record<string, unknown>) =>
  backendObj<{ totalElements: number; content: XiaoquItem[] }>(backend, '/api/xiaoqu', { cityId: 1, ...filter });

/**
 * The portal over a gateway that forwards every call to the embedded backend except those `fails` picks, which answer
 * 500: a secondary call of a page breaks while its primary record is there.
 */
export async function portalWithFailingCalls(t: Test, fails: (url: string) => boolean) {
  const { url, backend } = await perCallGateway(t, (call, forward, reply) => {
    if (fails(call.slice(call.indexOf(' ') + 1))) return void reply.code(500).send({ status: 500, message: 'broken on purpose' });
    return forward();
  });
  const portal = await buildTestApp({ gatewayUrl: url });
  t.teardown(() => portal.close());
  return { portal, backend, get: (url: string) => portal.app.inject(url) };
}
