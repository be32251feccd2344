/**
 * A gateway path as a pattern of few values (issue 36): the endpoint a call went to, without the ids in it, so that
 * traces (and metrics) group the calls of one endpoint. `api/house/search/detail/196` → `api/house/search/detail/:id`,
 * `api/zhcall/10/11` → `api/zhcall/:id/:id`, `api/daikan/findRecordListByHouseNumber/CSES0000196` →
 * `api/daikan/findRecordListByHouseNumber/:id`. The query and a full URL's origin are dropped, and so is a leading
 * slash (the SPEC writes paths both ways, SPEC 7).
 */
export function endpointPattern(path: string): string {
  let p = path;
  const scheme = p.indexOf('://');
  if (scheme !== -1) {
    const slash = p.indexOf('/', scheme + 3);
    p = slash === -1 ? '' : p.slice(slash);
  }
  const q = p.search(/[?#]/);
  if (q !== -1) p = p.slice(0, q);
  return p.replace(/^\/+/, '').split('/').map(segmentPattern).join('/');
}

/** Numbers (ids, city ids, phones) and lists of them. */
const NUMERIC = /^\d+(,\d+)*$/;
/** Codes made of a short letter prefix and digits: house numbers (CSES0000196), member uids (u100001), coupon numbers. */
const CODE = /^[A-Za-z]{1,8}\d{3,}$/;
/** Hex tokens and UUIDs. */
const TOKEN = /^(?=.*\d)[0-9a-fA-F-]{16,}$/;
/** Text a visitor typed or a page passed (percent-encoded or not ASCII): a banner's position name, a search word. */
const TEXT = /%[0-9A-Fa-f]{2}|[^\x20-\x7e]|\s/;

function segmentPattern(segment: string): string {
  if (segment === '') return segment;
  if (NUMERIC.test(segment) || CODE.test(segment) || TOKEN.test(segment)) return ':id';
  if (TEXT.test(segment)) return ':text';
  return segment;
}
