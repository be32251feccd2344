import pkg from '../../package.json' with { type: 'json' };
import type { ListingVerification } from '../contracts/gateway/index.ts';
import type { AboutUsData, FangyuanheyanData, TestPageData } from '../contracts/page-data/apph5.ts';
import { errors } from '../errors.ts';
import { etagOf } from '../etag.ts';
import { detectDevice, storeLinkFor } from '../lib/device.ts';
import { parseId } from '../lib/ids.ts';
import { detailPathOf, kindOfHouseType } from '../lib/listing-kinds.ts';
import { aboutUsMeta, fangyuanheyanMeta, testPageMeta } from '../meta/apph5.ts';
import { huxingDetailMeta } from '../meta/huxing.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { cityContactsOf } from '../registry/city-contacts.ts';
import { loadDetail as loadHuxingDetail } from './huxing.ts';
import { orNotFound } from './listing-common.ts';
import { optional } from './optional.ts';

/** The single pages of issue 19: /aboutUs, /fangyuanheyan/{id?}, /huxingdetail and the ops page /test. */

const STORES_SHOWN = 50;

/** /aboutUs: the company, the city's stores with addresses and phones, the service commitments, the contacts. */
async function loadAboutUs(ctx: PageContext): Promise<LoadResult<AboutUsData>> {
  const [stores, commitments] = await Promise.all([
    ctx.api.belonger.storePage(ctx.call, { cityId: ctx.city.cityId, size: STORES_SHOWN }),
    optional(ctx, 'belonger.commitments', ctx.api.belonger.commitments(ctx.call), []),
  ]);
  return {
    data: {
      stores: stores.content,
      storeTotal: stores.totalElements,
      commitments,
      servicePhone: ctx.city.servicePhone,
      supervisionPhone: cityContactsOf(ctx.site, ctx.city.cityId).supervisionPhone,
    },
  };
}
export const aboutUs = pageLoader(loadAboutUs, aboutUsMeta);

/** What a lookup may be: a verification code or a house number, letters and digits only. */
const LOOKUP = /^[0-9A-Za-z]{4,40}$/;

const pathOf = (v: ListingVerification) => detailPathOf(kindOfHouseType(v.houseType), v.houseId);

/**
 * /fangyuanheyan/{id}: the listing's verification as issued by the housing authority (an unknown listing, or one of
 * another city, is the 404 screen). /fangyuanheyan: the lookup form; `?code=` or `?houseNumber=` shows what it found.
 */
async function loadFangyuanheyan(ctx: PageContext): Promise<LoadResult<FangyuanheyanData>> {
  if (ctx.params.id !== undefined) {
    const id = parseId(ctx.params.id);
    if (id === null) throw errors.pageNotFound();
    const v = await orNotFound(ctx.api.apph5.verification(ctx.call, id));
    if (v.cityId !== ctx.city.cityId) throw errors.pageNotFound();
    return { data: { verification: v, asked: null, notFound: false, listingPath: pathOf(v) } };
  }
  const code = (ctx.query.code ?? '').trim();
  const houseNumber = (ctx.query.houseNumber ?? '').trim();
  if (!code && !houseNumber) return { data: { verification: null, asked: null, notFound: false, listingPath: null } };
  const asked = { code, houseNumber };
  if ((code && !LOOKUP.test(code)) || (houseNumber && !LOOKUP.test(houseNumber))) {
    ctx.log.info({ code, houseNumber }, 'verification lookup refused: not a code or a house number');
    return { data: { verification: null, asked, notFound: true, listingPath: null } };
  }
  let v: ListingVerification | null = null;
  try {
    v = await ctx.api.apph5.findVerification(ctx.call, {
      cityId: ctx.city.cityId,
      code: code || undefined,
      houseNumber: code ? undefined : houseNumber,
    });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  return { data: { verification: v, asked, notFound: !v, listingPath: v ? pathOf(v) : null } };
}
export const fangyuanheyan = pageLoader(loadFangyuanheyan, fangyuanheyanMeta);

/** /huxingdetail?id= or ?hxId=&lpId=: the floor plan page's data (its canonical is /huxing/{id}.html). */
export const huxingdetail = pageLoader((ctx) => loadHuxingDetail(ctx, ctx.query.id ?? ctx.query.hxId), huxingDetailMeta);

/** /test: what this process runs and what it sees of the request (SPEC 2.8 device and vendor). Never cached. */
async function loadTest(ctx: PageContext): Promise<LoadResult<TestPageData>> {
  const registry = ctx.req.server.registry.current;
  const ua = String(ctx.req.headers['user-agent'] ?? '');
  const device = detectDevice(ua);
  let apkUrl: string | null = null;
  try {
    apkUrl = await ctx.api.config.androidApkUrl(ctx.call);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'apk URL unavailable on /test');
  }
  const store = storeLinkFor(device, ctx.site.app, apkUrl);
  return {
    data: {
      buildVersion: pkg.version,
      clientEntry: ctx.req.server.assets.entry,
      registryVersion: etagOf(JSON.stringify(registry.file)).replace(/^W\/"|"$/g, ''),
      registryPages: registry.file.pages.length,
      city: { cityId: ctx.city.cityId, name: ctx.city.name, domain: ctx.city.domain ?? '' },
      siteKind: ctx.siteKind,
      userAgent: ua.slice(0, 400),
      device: { vendor: device.vendor, os: device.os, inApp: device.inApp, phoneBrowser: device.phoneBrowser },
      storeLabel: store?.label ?? null,
      storeHref: store?.href ?? null,
      renderedAt: new Date().toISOString(),
    },
  };
}
export const testPage = pageLoader(loadTest, testPageMeta);

export const singleLoaders = { aboutUs, fangyuanheyan, huxingdetail, testPage };
export const singleLoaderQueryKeys = {
  fangyuanheyan: ['code', 'houseNumber'],
  huxingdetail: ['id', 'hxId', 'lpId', 'houseId'],
};
