import { Ajv, type ValidateFunction } from 'ajv';
import type { CallContext } from './http.ts';
import { GatewayError } from './http.ts';

/**
 * The fields a page cannot render without, checked where gateway answers enter (DESIGN "A gateway answer is checked
 * before it is rendered"). A record that lacks one, or carries it with the wrong type, is a failed call (502): the
 * page gets the error screen and is never cached, instead of printing `undefined` or `NaN` and being kept for 2 min.
 * Fields a page only shows when present are type-checked when present.
 */
const ajv = new Ajv({ allErrors: false, strict: true });

const id = { type: 'integer', minimum: 1 } as const;
const text = { type: 'string', minLength: 1 } as const;
const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const numOrNull = { type: ['number', 'null'] } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const strings = { type: 'array', items: str } as const;

export const listingItemSchema = {
  type: 'object',
  required: ['houseId', 'houseType', 'title', 'price', 'priceText'],
  properties: {
    houseId: id,
    houseType: { type: 'integer' },
    title: text,
    price: num,
    priceText: text,
    unitPrice: numOrNull,
    area: numOrNull,
    rooms: { type: ['integer', 'null'] },
    huxing: strOrNull,
    img: strOrNull,
    tags: strings,
    features: strings,
    regionName: strOrNull,
    shopMapName: strOrNull,
    xiaoquName: strOrNull,
  },
} as const;

export const loupanItemSchema = {
  type: 'object',
  required: ['houseId', 'name', 'priceText'],
  properties: {
    houseId: id,
    name: text,
    title: str,
    price: numOrNull,
    priceText: text,
    saleStatus: str,
    saleStatusLabel: str,
    typeNames: strings,
    tags: strings,
    img: strOrNull,
    regionName: strOrNull,
    salesCount: numOrNull,
  },
} as const;

export const loupanDetailSchema = {
  ...loupanItemSchema,
  required: [...loupanItemSchema.required, 'developer', 'handoverDate'],
  properties: { ...loupanItemSchema.properties, developer: text, handoverDate: text, photos: strings },
} as const;

export const overseasItemSchema = {
  type: 'object',
  required: ['houseId', 'title', 'price', 'priceText', 'area', 'rooms', 'country'],
  properties: {
    houseId: id,
    title: text,
    price: num,
    priceText: text,
    area: num,
    rooms: { type: 'integer' },
    country: text,
    tags: strings,
  },
} as const;

export const belongerSchema = {
  type: 'object',
  required: ['belongerId', 'name'],
  properties: { belongerId: id, name: text, portrait: strOrNull, storeName: strOrNull, tags: strings },
} as const;

/** A store (issue 17 part B): what its pages print and link. */
export const storeSchema = {
  type: 'object',
  required: ['storeId', 'name', 'address', 'phone', 'cityId', 'regionId', 'licenseNo'],
  properties: {
    storeId: id,
    name: text,
    address: text,
    phone: text,
    img: str,
    cityId: id,
    regionId: id,
    licenseNo: str,
    manager: str,
    openYear: num,
    regionName: strOrNull,
    shopMapName: strOrNull,
    lat: numOrNull,
    lng: numOrNull,
    belongerList: { type: 'array' },
    houseList: { type: 'array' },
  },
} as const;

// In-app pages and listing verification (issue 19)
export const dealSchema = {
  type: 'object',
  required: [
    'dealId',
    'houseType',
    'regionName',
    'stressId',
    'xiaoquName',
    'rooms',
    'halls',
    'area',
    'price',
    'priceText',
    'dealDate',
    'days',
  ],
  properties: {
    dealId: id,
    houseType: { type: 'integer' },
    regionName: text,
    stressId: id,
    xiaoquName: text,
    rooms: { type: 'integer' },
    halls: { type: 'integer' },
    area: num,
    floor: str,
    orientation: str,
    price: num,
    priceText: text,
    unitPrice: numOrNull,
    listPrice: num,
    days: { type: 'integer' },
    dealDate: text,
    storeName: strOrNull,
  },
} as const;

export const verificationSchema = {
  type: 'object',
  required: ['houseId', 'houseNumber', 'houseType', 'cityId', 'title', 'code', 'status', 'authority', 'issuedAt', 'expiresAt'],
  properties: {
    houseId: id,
    houseNumber: text,
    houseType: { type: 'integer' },
    cityId: id,
    title: text,
    xiaoquName: strOrNull,
    code: text,
    status: text,
    authority: text,
    issuedAt: text,
    expiresAt: text,
  },
} as const;

export const storeNewsSchema = {
  type: 'object',
  required: ['id', 'kind', 'title', 'content', 'createdAt'],
  properties: { id: id, kind: { enum: ['成交', '动态'] }, title: text, content: str, createdAt: text },
} as const;

export const storeXiaoquSchema = {
  type: 'object',
  required: ['stressId', 'name', 'avgPrice', 'houseNum'],
  properties: { stressId: id, name: text, img: str, avgPrice: num, houseNum: num, regionName: strOrNull, shopMapName: strOrNull },
} as const;

export const dongtaiSchema = {
  type: 'object',
  required: ['DTid', 'title', 'createdAt'],
  properties: { DTid: id, title: text, content: str, createdAt: text },
} as const;

export const wendaItemSchema = {
  type: 'object',
  required: ['id', 'title', 'answerCount', 'createdAt'],
  properties: { id, title: text, content: str, answerCount: { type: 'integer', minimum: 0 }, createdAt: text, category: str },
} as const;

export const rankedLoupanSchema = {
  ...loupanItemSchema,
  required: [...loupanItemSchema.required, 'rank', 'salesCount'],
  properties: { ...loupanItemSchema.properties, rank: { type: 'integer', minimum: 1 }, salesCount: num },
} as const;

export const listingDetailSchema = {
  ...listingItemSchema,
  required: [...listingItemSchema.required, 'photos'],
  properties: { ...listingItemSchema.properties, photos: strings, description: strOrNull },
} as const;

export const overseasDetailSchema = {
  ...overseasItemSchema,
  required: [...overseasItemSchema.required, 'photos'],
  properties: { ...overseasItemSchema.properties, photos: strings, unitPrice: numOrNull },
} as const;

export const schoolItemSchema = {
  type: 'object',
  required: ['schoolId', 'name', 'level', 'nature', 'keySchool', 'regionRank', 'address', 'tags'],
  properties: {
    schoolId: id,
    name: text,
    level: text,
    nature: text,
    keySchool: { type: 'boolean' },
    regionRank: { type: 'integer', minimum: 1 },
    address: text,
    tags: strings,
    img: strOrNull,
    regionId: { type: 'integer' },
    regionName: strOrNull,
    xiaoquCount: { type: 'integer', minimum: 0 },
    lat: numOrNull,
    lng: numOrNull,
  },
} as const;

/** A catchment community as a school's record lists it. */
const catchmentXiaoquSchema = {
  type: 'object',
  required: ['stressId', 'name'],
  properties: { stressId: id, name: text, avgPrice: num, ershoucount: num, zufangcount: num, regionName: strOrNull },
} as const;

export const schoolDetailSchema = {
  ...schoolItemSchema,
  required: [...schoolItemSchema.required, 'description', 'enrollRule', 'xiaoquList', 'louPanList', 'aroundSchool'],
  properties: {
    ...schoolItemSchema.properties,
    phone: str,
    founded: { type: 'integer' },
    description: text,
    enrollRule: text,
    xiaoquList: { type: 'array', items: catchmentXiaoquSchema },
    louPanList: { type: 'array', items: loupanItemSchema },
    aroundSchool: { type: 'array', items: schoolItemSchema },
  },
} as const;

/** A community (SPEC 3: stressId, name or sname, ershoucount, zufangcount) with the average price its pages show. */
export const xiaoquItemSchema = {
  type: 'object',
  required: ['stressId', 'cityId', 'avgPrice', 'ershoucount', 'zufangcount'],
  anyOf: [
    { properties: { name: text }, required: ['name'] },
    { properties: { sname: text }, required: ['sname'] },
  ],
  properties: {
    stressId: id,
    cityId: id,
    name: text,
    sname: text,
    avgPrice: num,
    ratio: num,
    ershoucount: { type: 'integer', minimum: 0 },
    zufangcount: { type: 'integer', minimum: 0 },
    img: strOrNull,
    buildYear: { type: ['integer', 'null'] },
    propertyType: strOrNull,
    regionName: strOrNull,
    shopMapName: strOrNull,
    address: strOrNull,
  },
} as const;

export const xiaoquDetailSchema = {
  ...xiaoquItemSchema,
  required: [...xiaoquItemSchema.required, 'photos', 'prices'],
  properties: {
    ...xiaoquItemSchema.properties,
    photos: strings,
    prices: {
      type: 'array',
      items: { type: 'object', required: ['month', 'price'], properties: { month: text, price: num } },
    },
    developer: strOrNull,
    propertyCompany: strOrNull,
    propertyFee: numOrNull,
    households: numOrNull,
    greenRate: numOrNull,
    plotRatio: numOrNull,
    parking: strOrNull,
    description: strOrNull,
  },
} as const;

export const xiaoquPlanSchema = {
  type: 'object',
  required: ['hxId', 'name', 'minArea', 'maxArea', 'count', 'rentCount'],
  properties: {
    hxId: id,
    name: text,
    minArea: num,
    maxArea: num,
    count: { type: 'integer', minimum: 0 },
    rentCount: { type: 'integer', minimum: 0 },
    avgPrice: numOrNull,
    img: strOrNull,
  },
} as const;

/** A member's session record (issue 13): a login cookie is checked against it, so every field is required. */
export const memberSessionSchema = {
  type: 'object',
  required: ['uid', 'userId', 'phone', 'nickName', 'headUrl', 'sessionVersion'],
  properties: { uid: text, userId: text, phone: str, nickName: str, headUrl: str, sessionVersion: { type: 'integer', minimum: 0 } },
} as const;

// Video and VR (issue 19): what the player, the feed and the panorama viewer cannot do without.
const videoHouse = {
  listing: { anyOf: [{ type: 'null' }, listingItemSchema] },
  estate: { anyOf: [{ type: 'null' }, loupanItemSchema] },
} as const;
export const videoItemSchema = {
  type: 'object',
  required: ['videoId', 'cityId', 'houseType', 'houseId', 'title', 'url', 'poster', 'duration', 'viewNum', 'listing', 'estate'],
  properties: {
    videoId: id,
    cityId: id,
    houseType: { type: 'integer' },
    houseId: id,
    title: text,
    summary: str,
    url: { type: 'string', pattern: '^/' },
    poster: { type: 'string', pattern: '^/' },
    duration: { type: 'number', exclusiveMinimum: 0 },
    width: num,
    height: num,
    viewNum: { type: 'integer', minimum: 0 },
    likeNum: { type: 'integer', minimum: 0 },
    ...videoHouse,
    agent: { anyOf: [{ type: 'null' }, belongerSchema] },
  },
} as const;
const vrSceneSchema = {
  type: 'object',
  required: ['key', 'name', 'panorama', 'thumb', 'links'],
  properties: {
    key: text,
    name: text,
    panorama: { type: 'string', pattern: '^/' },
    thumb: { type: 'string', pattern: '^/' },
    links: {
      type: 'array',
      items: { type: 'object', required: ['to', 'label', 'yaw', 'pitch'], properties: { to: text, label: text, yaw: num, pitch: num } },
    },
  },
} as const;
export const vrItemSchema = {
  type: 'object',
  required: ['vrId', 'cityId', 'houseType', 'houseId', 'title', 'cover', 'roomNames', 'viewNum', 'listing', 'estate'],
  properties: {
    vrId: id,
    cityId: id,
    houseType: { type: 'integer' },
    houseId: id,
    title: text,
    cover: { type: 'string', pattern: '^/' },
    roomNames: { type: 'array', items: text, minItems: 1 },
    viewNum: { type: 'integer', minimum: 0 },
    ...videoHouse,
  },
} as const;
export const vrTourSchema = {
  ...vrItemSchema,
  required: [...vrItemSchema.required, 'scenes'],
  properties: {
    ...vrItemSchema.properties,
    scenes: { type: 'array', items: vrSceneSchema, minItems: 1 },
    agent: { anyOf: [{ type: 'null' }, belongerSchema] },
  },
} as const;

export type RecordCheck = ValidateFunction;

/** An article as the lists show it (SPEC 7.10 getInfoDocList): its link, title and type. */
export const infoDocSchema = {
  type: 'object',
  required: ['infoDocId', 'title', 'typeId', 'createdAt'],
  properties: {
    infoDocId: id,
    title: text,
    typeId: id,
    typeName: strOrNull,
    accountName: strOrNull,
    summary: str,
    cover: str,
    viewNum: num,
    commentNum: num,
    createdAt: text,
  },
} as const;

/** An article page cannot render without its body blocks, its counts and its source account. */
export const infoDocDetailSchema = {
  type: 'object',
  required: [
    'infoDocId',
    'title',
    'typeId',
    'cityId',
    'createdAt',
    'content',
    'blocks',
    'account',
    'fabulousNum',
    'collectNum',
    'commentNum',
  ],
  properties: {
    infoDocId: id,
    title: text,
    typeId: id,
    cityId: id,
    createdAt: text,
    content: str,
    blocks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type'],
        properties: { type: { enum: ['heading', 'paragraph', 'image', 'listing'] }, text: str, src: str, alt: str, houseId: id },
      },
    },
    account: {
      type: 'object',
      required: ['accountId', 'userName', 'name'],
      properties: { accountId: id, userName: text, name: text, avatar: str, intro: str, fans: num },
    },
    fabulousNum: num,
    collectNum: num,
    commentNum: num,
    hotComments: { type: 'array' },
  },
} as const;

/** A service commitment (issue 17): its title and terms are what the page prints. */
export const commitmentSchema = {
  type: 'object',
  required: ['id', 'title', 'subtitle', 'summary', 'terms'],
  properties: { id, title: text, subtitle: str, summary: str, terms: strings },
} as const;

export const checks = {
  memberSession: ajv.compile(memberSessionSchema),
  commitment: ajv.compile(commitmentSchema),
  listingItem: ajv.compile(listingItemSchema),
  listingDetail: ajv.compile(listingDetailSchema),
  loupanItem: ajv.compile(loupanItemSchema),
  loupanDetail: ajv.compile(loupanDetailSchema),
  // Video and VR (issue 19)
  videoItem: ajv.compile(videoItemSchema),
  vrItem: ajv.compile(vrItemSchema),
  vrTour: ajv.compile(vrTourSchema),
  rankedLoupan: ajv.compile(rankedLoupanSchema),
  overseasItem: ajv.compile(overseasItemSchema),
  overseasDetail: ajv.compile(overseasDetailSchema),
  belonger: ajv.compile(belongerSchema),
  store: ajv.compile(storeSchema),
  storeNews: ajv.compile(storeNewsSchema),
  // In-app pages and listing verification (issue 19)
  deal: ajv.compile(dealSchema),
  verification: ajv.compile(verificationSchema),
  storeXiaoqu: ajv.compile(storeXiaoquSchema),
  dongtai: ajv.compile(dongtaiSchema),
  wendaItem: ajv.compile(wendaItemSchema),
  schoolItem: ajv.compile(schoolItemSchema),
  schoolDetail: ajv.compile(schoolDetailSchema),
  xiaoquItem: ajv.compile(xiaoquItemSchema),
  xiaoquDetail: ajv.compile(xiaoquDetailSchema),
  xiaoquPlan: ajv.compile(xiaoquPlanSchema),
  infoDoc: ajv.compile(infoDocSchema),
  infoDocDetail: ajv.compile(infoDocDetailSchema),
} as const;

function incomplete(call: CallContext, path: string, check: RecordCheck): GatewayError {
  call.log.error({ gateway: path, problem: ajv.errorsText(check.errors) }, 'gateway answered an incomplete record');
  return new GatewayError(502, path, `Gateway ${path} answered an incomplete record`);
}

/** A record as the page needs it, or null when the gateway found none; anything else is a 502. */
export function ensureRecord<T>(call: CallContext, path: string, check: RecordCheck, value: T | null): T | null {
  if (value === null || value === undefined) return null;
  if (check(value)) return value;
  throw incomplete(call, path, check);
}

/** Every item of a list as the page needs it; one broken item makes the answer a 502. */
export function ensureItems<T>(call: CallContext, path: string, check: RecordCheck, items: T[]): T[] {
  for (const item of items) if (!check(item)) throw incomplete(call, path, check);
  return items;
}
