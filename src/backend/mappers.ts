/** Row → gateway object mappers. Field names follow SPEC 3 (houseId, stressId, belongerId, regionName, ...). */
import type {
  Belonger,
  InfoComment,
  InfoDoc,
  ListingDetail,
  ListingItem,
  LoupanItem,
  LoupanProfile,
  Overseas,
  SchoolItem,
  SchoolProfile,
  Store,
  XiaoquItem,
  XiaoquProfile,
} from '../contracts/gateway/index.ts';
import { isRentHouseType } from '../lib/listing-kinds.ts';
import { splitList } from './envelope.ts';
import { imageUrl } from './seed/images.ts';
import { photoList } from './util.ts';

// biome-ignore lint/suspicious/noExplicitAny: rows come from SQLite untyped; the mappers are the typed edge.
type Row = Record<string, any>;

export const SALE_STATUS_VIEW: Record<string, { show: string; label: string }> = {
  待售: { show: 'wait', label: '待售' },
  期房: { show: 'exist', label: '期房' },
  现房: { show: 'exist', label: '现房' },
  尾房: { show: 'exist', label: '尾房' },
  售完: { show: 'sellout', label: '售罄' },
};
export const TYPE_NAMES: Record<number, string> = { 1: '住宅', 2: '联排', 3: '别墅', 4: '公寓', 5: '写字楼', 6: '商铺', 8: '其他' };
export const HOUSE_TYPE_NAMES: Record<number, string> = {
  1: '新房',
  11: '二手房',
  12: '租房',
  13: '商铺出售',
  14: '商铺出租',
  15: '写字楼出售',
  16: '写字楼出租',
};

function floorLevel(floor: number, total: number): string {
  const r = floor / Math.max(1, total);
  return r <= 1 / 3 ? '低楼层' : r <= 2 / 3 ? '中楼层' : '高楼层';
}

/** A second-hand / rental / commercial listing as a list item. Expects joined region, shop, xiaoqu and station names. */
export function listingItem(r: Row): ListingItem {
  const rent = isRentHouseType(r.house_type);
  return {
    houseId: r.id,
    houseNumber: r.house_number,
    houseType: r.house_type,
    houseTypeName: HOUSE_TYPE_NAMES[r.house_type],
    title: r.title,
    price: r.price,
    priceUnit: rent ? '元/月' : '万',
    priceText: rent ? `${r.price}元/月` : `${r.price}万`,
    unitPrice: r.unit_price,
    unitPriceText: rent ? `${r.unit_price}元/㎡/月` : `${r.unit_price}元/㎡`,
    area: r.area,
    rooms: r.rooms,
    halls: r.halls,
    toilets: r.toilets,
    huxing: r.rooms ? `${r.rooms}室${r.halls}厅${r.toilets}卫` : '',
    floor: r.floor,
    totalFloors: r.total_floors,
    floorLevel: floorLevel(r.floor, r.total_floors),
    orientation: r.orientation,
    decoration: r.decoration,
    buildYear: r.build_year,
    elevator: !!r.elevator,
    useType: r.use_type,
    rentType: r.rent_type ?? null,
    shortTerm: !!r.short_term,
    payType: r.pay_type ?? null,
    businessFormat: r.business_format ?? null,
    tags: splitList(r.tags),
    features: splitList(r.feature),
    priceChange: r.price_change,
    originalPrice: r.original_price ?? null,
    img: imageUrl('house', r.img_seed),
    hasVr: !!r.has_vr,
    vrUrl: r.vr_id ? `/vr?id=${r.vr_id}` : null,
    videoUrl: r.video_id ? `/video/${r.video_id}.html` : null,
    viewNum: r.view_num,
    cityId: r.city_id,
    regionId: r.region_id,
    regionName: r.region_name ?? null,
    shopMapId: r.shop_map_id,
    shopMapName: r.shop_map_name ?? null,
    stressId: r.xiaoqu_id ?? null,
    xiaoquName: r.xiaoqu_name ?? null,
    stationId: r.station_id ?? null,
    stationName: r.station_name ?? null,
    belongerId: r.belonger_id,
    lat: r.lat ?? null,
    lng: r.lng ?? null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function listingDetail(r: Row, agent: Belonger | null): ListingDetail {
  return {
    ...listingItem(r),
    description: r.description,
    photos: photoList('house', r.img_seed, r.img_count),
    status: r.status === 1 ? '在售' : '已下架',
    agentInfo: agent,
    imDetails: agent ? { uid: agent.uid, belongerId: agent.belongerId, name: agent.name, portrait: agent.portrait } : null,
  };
}

export function belongerItem(r: Row): Belonger {
  return {
    belongerId: r.id,
    uid: r.uid,
    name: r.name,
    phone: r.phone,
    extNum: r.ext_num,
    iskefu: !!r.iskefu,
    portrait: r.portrait,
    title: r.title,
    years: r.years,
    score: r.score,
    dealCount: r.deal_count,
    daikanCount: r.daikan_count,
    intro: r.intro,
    tags: splitList(r.tags),
    star: r.star,
    cityId: r.city_id,
    storeId: r.store_id,
    storeName: r.store_name ?? null,
  };
}

export function storeItem(r: Row): Store {
  return {
    departmentId: r.id,
    storeId: r.id,
    name: r.name,
    address: r.address,
    phone: r.phone,
    img: r.img,
    licenseNo: r.license_no,
    manager: r.manager,
    openYear: r.open_year,
    cityId: r.city_id,
    regionId: r.region_id,
    regionName: r.region_name ?? null,
    shopMapId: r.shop_map_id,
    shopMapName: r.shop_map_name ?? null,
    lat: r.lat,
    lng: r.lng,
    belongerNum: r.belonger_num ?? undefined,
    hours: r.hours ?? undefined,
    filingNo: r.filing_no ?? undefined,
    company: r.company ?? undefined,
    houseNum: r.house_num ?? undefined,
    distance: r.distance ?? undefined,
  };
}

/** A community. The gateway sends both `sname` (short) and `name`; the client copies sname into name (SPEC 7.1). */
export function xiaoquItem(r: Row): XiaoquItem {
  return {
    stressId: r.id,
    name: r.name,
    sname: r.sname,
    address: r.address,
    buildYear: r.build_year,
    buildType: r.build_type,
    propertyType: r.property_type,
    avgPrice: r.avg_price,
    ratio: r.ratio,
    ershoucount: r.ershoucount,
    zufangcount: r.zufangcount,
    img: r.img,
    cityId: r.city_id,
    regionId: r.region_id,
    regionName: r.region_name ?? null,
    shopMapId: r.shop_map_id,
    shopMapName: r.shop_map_name ?? null,
    stationId: r.station_id ?? null,
    stationName: r.station_name ?? null,
    lat: r.lat,
    lng: r.lng,
    viewNum: r.view_num,
  };
}

export function xiaoquDetail(r: Row): XiaoquProfile {
  return {
    ...xiaoquItem(r),
    developer: r.developer,
    propertyCompany: r.property_company,
    propertyFee: r.property_fee,
    households: r.households,
    buildings: r.buildings,
    greenRate: r.green_rate,
    plotRatio: r.plot_ratio,
    parking: r.parking,
    description: r.description,
    photos: [r.img, imageUrl('house', r.id + 4), imageUrl('house', r.id + 5)],
  };
}

export function loupanItem(r: Row): LoupanItem {
  const codes = splitList(r.type_codes).map(Number);
  const view = SALE_STATUS_VIEW[r.sale_status];
  return {
    houseId: r.id,
    hsmid: r.hsmid,
    houseType: 1,
    title: r.name,
    louPanName: r.name,
    name: r.name,
    alias: r.alias,
    price: r.avg_price,
    priceText: r.avg_price ? `${r.avg_price}元/㎡` : '价格待定',
    totalMin: r.total_min,
    totalMax: r.total_max,
    saleStatus: r.sale_status,
    saleStatusShow: view?.show ?? 'exist',
    saleStatusLabel: view?.label ?? r.sale_status,
    typeCodes: codes,
    typeNames: codes.map((c) => TYPE_NAMES[c]),
    tags: splitList(r.tags),
    img: r.img,
    address: r.address,
    decoration: r.decoration,
    hasVr: !!r.has_vr,
    hasVideo: !!r.has_video,
    cityId: r.city_id,
    regionId: r.region_id,
    regionName: r.region_name ?? null,
    shopMapId: r.shop_map_id,
    shopMapName: r.shop_map_name ?? null,
    stationId: r.station_id ?? null,
    stationName: r.station_name ?? null,
    lat: r.lat,
    lng: r.lng,
    viewNum: r.view_num,
    salesCount: r.sales_count,
    openDate: r.open_date,
  };
}

export function loupanDetail(r: Row): LoupanProfile {
  return {
    ...loupanItem(r),
    saleAddress: r.sale_address,
    developer: r.developer,
    propertyCompany: r.property_company,
    propertyFee: r.property_fee,
    handoverDate: r.handover_date,
    plotRatio: r.plot_ratio,
    greenRate: r.green_rate,
    households: r.households,
    parking: r.parking,
    termYears: r.term_years,
    phoneExt: r.phone_ext,
    description: r.description,
    photos: photoList('loupan', r.img_seed, 6),
    vrUrl: r.has_vr ? `/xinfang/vr/${r.id}.html` : null,
    videoUrl: r.has_video ? `/xinfang/video/${r.id}.html` : null,
  };
}

/** The tags that make a key school (重点学校): the province's model schools and the city's key schools. */
export const KEY_SCHOOL_TAGS = ['省示范', '市重点'] as const;
const isKeySchool = (tags: string): boolean => splitList(tags).some((t) => (KEY_SCHOOL_TAGS as readonly string[]).includes(t));

/**
 * The school rows schoolItem maps: the school, its district's name, and its rank among the schools of its level in
 * its district (by `hot`, the gateway's ranking score; ties by id).
 */
export const SCHOOL_SELECT = `SELECT s.*, r.name AS region_name,
  (SELECT COUNT(*) + 1 FROM school o WHERE o.region_id = s.region_id AND o.level = s.level AND (o.hot > s.hot OR (o.hot = s.hot AND o.id < s.id)))
    AS region_rank
  FROM school s JOIN region r ON r.id = s.region_id`;

export function schoolItem(r: Row): SchoolItem {
  return {
    schoolId: r.id,
    id: r.id,
    name: r.name,
    level: r.level,
    nature: r.nature,
    keySchool: isKeySchool(r.tags),
    regionRank: r.region_rank,
    address: r.address,
    tags: splitList(r.tags),
    img: r.img,
    cityId: r.city_id,
    regionId: r.region_id,
    regionName: r.region_name ?? null,
    lat: r.lat,
    lng: r.lng,
  };
}

export function schoolDetail(r: Row): SchoolProfile {
  return { ...schoolItem(r), phone: r.phone, founded: r.founded, description: r.description, enrollRule: r.enroll_rule };
}

export function docItem(r: Row): InfoDoc {
  return {
    infoDocId: r.id,
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    author: r.author,
    source: r.source,
    tags: splitList(r.tags),
    typeId: r.type_id,
    typeName: r.type_name ?? null,
    accountId: r.account_id,
    accountName: r.account_name ?? null,
    viewNum: r.view_num,
    fabulousNum: r.fabulous_num,
    collectNum: r.collect_num,
    commentNum: r.comment_num,
    cityId: r.city_id,
    houseId: r.loupan_id ?? null,
    createdAt: r.created_at,
  };
}

export function commentItem(r: Row): InfoComment {
  return {
    infoCommentId: r.id,
    infoDocId: r.doc_id,
    userId: r.user_id,
    nickName: r.nick_name,
    headUrl: r.head_url,
    content: r.content,
    fabulousNum: r.fabulous_num,
    parentId: r.parent_id ?? null,
    createdAt: r.created_at,
  };
}

export function overseasItem(r: Row): Overseas {
  return {
    houseId: r.id,
    country: r.country,
    cityName: r.city_name,
    title: r.title,
    price: r.total_price,
    priceText: `${r.total_price}万`,
    localPrice: r.local_price,
    area: r.area,
    rooms: r.rooms,
    propertyType: r.property_type,
    freehold: !!r.freehold,
    img: r.img,
    tags: splitList(r.tags),
    description: r.description,
    createdAt: r.created_at,
  };
}
