import type { Database as DB } from 'better-sqlite3';
import { ACTIVITY_KINDS, type ActivityKind } from '../../lib/activity.ts';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import { beijingMidnight, DAY_MS as DAY, sqlTime } from '../time.ts';
import { calendarAnchor, markSeeded } from './calendar.ts';
import { CITIES, type CitySeed } from './cities.ts';
import { Rng } from './rng.ts';

interface EstateRow {
  id: number;
  name: string;
  avgPrice: number;
  region: string;
  developer: string;
  saleAddress: string;
  openDate: string;
  img: string;
}
interface ListingRow {
  id: number;
  price: number;
  xiaoqu: string | null;
  region: string;
  rooms: number;
  area: number;
  orientation: string;
}

/** An item note that its listing's facts bear out: 南北通透 only facing 南北. */
const factual = (note: string, l: ListingRow) => (note === '南北通透' && l.orientation !== '南北' ? '采光充足' : note);

/** One selected estate or listing of an activity: `specialPrice` (万) for the special-price flats, `note` its offer. */
export interface SeedItem {
  type: 'loupan' | 'listing';
  id: number;
  note: string;
  specialPrice?: number;
}

interface Draft {
  name: string;
  subtitle: string;
  benefit: string;
  rules: string[];
  items: SeedItem[];
  place: string;
  coupons?: Array<{ title: string; amount: number; rule: string; validDays: number }>;
}

type Ctx = { city: CitySeed; rng: Rng; estates: EstateRow[]; sales: ListingRow[]; rents: ListingRow[]; round: number; anchor: number };

/**
 * Words for each window's name. No season or holiday: the demo calendar moves forward with time (seed/calendar.ts), so
 * a name must fit whatever month its window falls in.
 */
const SEASONS: ReadonlyArray<readonly string[]> = [
  ['品质', '安居', '惠民'],
  ['安家', '乐居', '暖心'],
  ['焕新', '优选', '臻选'],
];
const season = (round: number, n: number) => {
  const words = SEASONS[round % SEASONS.length] as readonly string[];
  return words[n % words.length] as string;
};
const wan = (n: number) => Math.round(n * 10) / 10;

/** What each template kind's activity is about: its name, its offer, its rules and what it selects. */
const DRAFTS: Record<ActivityKind, (c: Ctx) => Draft> = {
  xinfang: ({ city, rng, estates, round }) => {
    const picked = rng.sample(estates, 5);
    return {
      name: `${city.name}${season(round, 0)}新房购房节`,
      subtitle: `${picked.length}大热盘联合让利 · 报名锁定专属折扣`,
      benefit: `报名客户认购享额外${rng.pick(['98折', '97折', '99折'])}，首付可分期`,
      rules: [
        '活动期间报名并到访任一参与楼盘，可锁定专属购房折扣。',
        '折扣与楼盘在售优惠可叠加，以认购书约定为准。',
        '同一手机号每场活动限报名一次，报名信息仅用于本次活动联系。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((e) => ({
        type: 'loupan',
        id: e.id,
        note: rng.pick(['认购享95折', '首付分期', '到访送家电礼包', '团购再减1万', '特价房5套']),
      })),
      place: `${city.name}各参与楼盘售楼部`,
    };
  },
  ershoufang: ({ city, rng, sales, round }) => {
    const picked = rng.sample(sales, 6);
    return {
      name: `${city.name}${season(round, 1)}二手好房节`,
      subtitle: '真房源 · 实勘核验 · 满五唯一精选',
      benefit: `活动期间成交${rng.pick(['中介费9折', '中介费立减2000元', '赠送一年物业费（上限3000元）'])}`,
      rules: [
        '活动房源均经门店实地核验，房源信息真实有效。',
        '报名后经纪人将在24小时内与您联系，预约看房。',
        '成交优惠以签约时的活动期为准，不与其他优惠同享。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((l) => ({ type: 'listing', id: l.id, note: rng.pick(['满五唯一', '业主急售', '近地铁', '拎包入住', '学区房']) })),
      place: `${city.name}湘房网各门店`,
    };
  },
  zufang: ({ city, rng, rents, round }) => {
    const picked = rng.sample(rents, 6);
    return {
      name: `${city.name}${season(round, 2)}安心租房季`,
      subtitle: '整租合租精选 · 押一付一 · 免费看房',
      benefit: rng.pick(['首月租金9折', '服务费减半', '押金减半']),
      rules: [
        '活动房源支持押一付一，签约时以合同约定为准。',
        '报名后管家将联系您安排看房，看房全程免费。',
        '每位租客限享一次活动优惠，转租与续租不参与。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      // A note is a fact of its listing: 南北通透 only for one facing 南北 (issue 32); the draw is the same either way.
      items: picked.map((l) => ({
        type: 'listing',
        id: l.id,
        note: factual(rng.pick(['押一付一', '拎包入住', '近地铁', '南北通透', '可短租']), l),
      })),
      place: `${city.name}湘房网租房门店`,
    };
  },
  tejiafang: ({ city, rng, sales, round }) => {
    const picked = rng.sample(sales, 6);
    return {
      name: `${city.name}特价房专场 第${round + 1}期`,
      subtitle: '业主直降 · 限量特价 · 售完即止',
      benefit: '特价房低于挂牌价，先到先得',
      rules: [
        '特价为业主在活动期内确认的成交价，活动结束后恢复挂牌价。',
        '每套特价房仅限一组客户认购，以定金支付先后为准。',
        '报名后经纪人将与您确认看房时间。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((l) => ({
        type: 'listing',
        id: l.id,
        note: '业主直降',
        specialPrice: wan(l.price * rng.float(0.86, 0.95, 3)),
      })),
      place: `${city.name}湘房网各门店`,
    };
  },
  yellow: ({ city, rng, estates }) => {
    const picked = rng.sample(estates, 3);
    const cut = rng.pick([300, 500, 800, 1000]);
    return {
      name: `${picked[0]?.name ?? city.name}限时秒杀日`,
      subtitle: `每平直降${cut}元 · 仅限${rng.int(3, 8)}天`,
      benefit: `活动期间认购每平方米直降${cut}元`,
      rules: [
        `活动期间认购参与楼盘，单价每平方米直降${cut}元。`,
        '秒杀房源数量有限，以认购顺序为准，售完即止。',
        '报名后置业顾问将电话与您确认到访时间。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((e) => ({ type: 'loupan', id: e.id, note: `直降${cut}元/㎡` })),
      place: picked[0]?.saleAddress ?? `${city.name}售楼部`,
    };
  },
  youhuihuodong: ({ city, rng, estates, round }) => {
    const picked = rng.sample(estates, 3);
    const big = rng.pick([5000, 8000, 10000, 20000]);
    return {
      name: `${city.name}${season(round, 3)}购房优惠券限时领`,
      subtitle: `最高立减${big / 10000 >= 1 ? `${big / 10000}万` : `${big}`}元 · 领券即用`,
      benefit: `领券购房最高立减${big}元`,
      rules: [
        '填写姓名和手机号即可领取，优惠券发放至该手机号的会员账户。',
        '每个手机号每种优惠券限领一张，不可转让，不可兑换现金。',
        '优惠券在参与楼盘认购时抵扣房款，以认购书为准。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((e) => ({ type: 'loupan', id: e.id, note: '可用券' })),
      place: `${city.name}各参与楼盘售楼部`,
      coupons: [
        { title: `${city.name}新房购房券 立减${big}元`, amount: big, rule: '认购参与楼盘时抵扣房款', validDays: 60 + round * 15 },
        { title: `${city.name}看房礼 到访即送`, amount: 200, rule: '到访参与楼盘出示即可兑换200元购物卡', validDays: 30 },
      ],
    };
  },
  muban1: ({ city, rng, estates, round }) => {
    // One district's estates make one bus line; a district with too few joins the city-wide line.
    const byRegion = new Map<string, EstateRow[]>();
    for (const e of estates) byRegion.set(e.region, [...(byRegion.get(e.region) ?? []), e]);
    const lines = [...byRegion.entries()].filter(([, es]) => es.length >= 3).sort((a, b) => b[1].length - a[1].length);
    const line = lines[round % Math.max(1, lines.length)];
    const picked = line ? rng.sample(line[1], 4) : rng.sample(estates, 4);
    return {
      name: `${city.name}周末看房团 · ${line ? `${line[0]}专线` : '城区联看'}`,
      subtitle: '专车接送 · 一天看遍热门新盘 · 全程免费',
      benefit: '参团客户认购享团购价，另送午餐',
      rules: [
        '看房团周六上午9:00集合出发，专车往返，全程约5小时。',
        '每位报名客户可携同行家人1至2位，请如实填写手机号。',
        '参团认购享团购优惠，以各楼盘当期政策为准。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((e, i) => ({ type: 'loupan', id: e.id, note: `第${i + 1}站 ${['09:30', '11:00', '13:30', '15:00'][i] ?? ''}` })),
      place: `${city.name}湘房网${line ? line[0] : city.name}门店门口`,
    };
  },
  muban2: ({ city, rng, estates, round }) => {
    const picked = rng.sample(estates, 4);
    return {
      name: `${city.name}${season(round, 4)}安家好礼 · 认购抽大奖`,
      subtitle: '到访即抽 · 百分百中奖',
      benefit: '认购即可抽取家电大奖，最高送全屋家电',
      rules: [
        '一等奖：全屋家电套餐（价值3万元）；二等奖：智能冰箱；三等奖：扫地机器人；参与奖：200元购物卡。',
        '活动期间在参与楼盘认购即获一次抽奖机会，到访即可领取参与奖。',
        '奖品以实物为准，不可折现，中奖名单在活动页公示。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((e) => ({ type: 'loupan', id: e.id, note: rng.pick(['到访有礼', '认购抽奖', '双倍抽奖']) })),
      place: `${city.name}各参与楼盘售楼部`,
    };
  },
  muban3: ({ city, rng, estates, round }) => {
    const byDev = new Map<string, EstateRow[]>();
    for (const e of estates) byDev.set(e.developer, [...(byDev.get(e.developer) ?? []), e]);
    const devs = [...byDev.entries()].sort((a, b) => b[1].length - a[1].length);
    const dev = devs[round % Math.max(1, devs.length)]?.[0] ?? '';
    const own = byDev.get(dev) ?? [];
    const picked = [
      ...own.slice(0, 4),
      ...rng.sample(
        estates.filter((e) => e.developer !== dev),
        Math.max(0, 4 - own.length),
      ),
    ];
    return {
      name: `${dev || city.name}品牌房企专场`,
      subtitle: '品牌开发商 · 品质保障 · 专场特惠',
      benefit: '专场认购享品牌专属折扣，最高93折',
      rules: [
        '专场楼盘均为品牌开发商在售项目，五证齐全。',
        '报名后置业顾问将为您讲解各项目户型与价格。',
        '专场折扣仅限活动期内认购，以认购书为准。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((e) => ({ type: 'loupan', id: e.id, note: e.developer === dev ? '专场项目' : '联合推荐' })),
      place: `${city.name}各参与楼盘售楼部`,
    };
  },
  muban4: ({ city, rng, estates, round, anchor }) => {
    // Estates that open after the seed's today first (an opening season announces openings to come).
    const today = sqlTime(anchor).slice(0, 10);
    const coming = estates.filter((e) => e.openDate > today);
    const picked = [
      ...rng.sample(coming, 4),
      ...rng.sample(
        estates.filter((e) => e.openDate <= today),
        Math.max(0, 4 - coming.length),
      ),
    ].sort((a, b) => a.openDate.localeCompare(b.openDate));
    return {
      name: `${city.name}${season(round, 5)}新盘开盘季 · 认筹享优惠`,
      subtitle: '新盘首开 · 认筹锁定首开特惠',
      benefit: `认筹客户开盘认购享${rng.pick(['1万抵3万', '2万抵5万', '5000抵2万'])}`,
      rules: [
        '活动期间报名认筹，开盘当日凭认筹单优先选房。',
        '认筹金可全额退还，认购后冲抵房款。',
        '开盘时间以楼盘正式公告为准。',
        `活动咨询请致电${city.servicePhone}。`,
      ],
      items: picked.map((e) => ({ type: 'loupan', id: e.id, note: `开盘 ${e.openDate}` })),
      place: `${city.name}各参与楼盘售楼部`,
    };
  },
};

/** The three windows of each kind: one ended, two running (relative to the seed's clock). */
const WINDOWS: Array<[number, number]> = [
  [-70, -12],
  [-20, 30],
  [-4, 75],
];

/**
 * The campaigns of a city (issue 19): three activities of each of the ten template kinds (one ended, two running),
 * each with its banner row (`huodong_{id}`), the coupon batches of the coupon kind, poster ids; the group-viewing
 * sessions of the city's estates with a few sign-ups (some sessions full); the promoted estates and listings of /adver
 * with their infomercial pictures. Its own random sequence, so no row seeded before changes. Returns rows written.
 */
export function seedActivities(db: DB, city: CitySeed, seed: number, anchor: number): number {
  const rng = new Rng((seed ^ Math.imul(city.id + 104_729, 0x27d4eb2d)) >>> 0);
  const estates = db
    .prepare(
      `SELECT l.id, l.name, l.avg_price AS avgPrice, r.name AS region, l.developer, l.sale_address AS saleAddress, l.open_date AS openDate, l.img
       FROM loupan l JOIN region r ON r.id = l.region_id WHERE l.city_id = ? AND l.sale_status <> '售罄' ORDER BY l.hot DESC, l.id LIMIT 60`,
    )
    .all(city.id) as EstateRow[];
  const listings = (type: number) =>
    db
      .prepare(
        `SELECT l.id, l.price, x.name AS xiaoqu, r.name AS region, l.rooms, l.area, l.orientation FROM listing l JOIN region r ON r.id = l.region_id
         LEFT JOIN xiaoqu x ON x.id = l.xiaoqu_id WHERE l.city_id = ? AND l.house_type = ? AND l.status = 1 ORDER BY l.view_num DESC, l.id LIMIT 80`,
      )
      .all(city.id, type) as ListingRow[];
  const sales = listings(HOUSE_TYPES.ershoufang);
  const rents = listings(HOUSE_TYPES.zufang);
  if (!estates.length || !sales.length || !rents.length) return 0;
  const nextPoster = (db.prepare('SELECT COALESCE(MAX(poster_id), 0) + 1 FROM activity').pluck().get() as number) ?? 1;
  const insert = db.prepare(
    `INSERT INTO activity (city_id, kind, name, subtitle, banner, benefit, rules, items, coupon_nos, place, hotline, poster_id, starts_at, ends_at, view_num, created_at)
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  const banner = db.prepare('INSERT INTO banner (city_id, position, title, img, link, sort) VALUES (?,?,?,?,?,?)');
  const batch = db.prepare('INSERT INTO coupon_batch VALUES (?,?,?,?,?,?,?)');
  const signup = db.prepare(
    'INSERT OR IGNORE INTO activity_signup (activity_id, name, phone, source, coupon_no, created_at) VALUES (?,?,?,?,?,?)',
  );
  let rows = 0;
  let poster = nextPoster;
  const person = () => `${rng.pick(['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'])}${rng.pick(['先生', '女士'])}`;
  const phone = () => `1${rng.pick(['38', '39', '58', '59', '86', '88', '77'])}${rng.digits(8)}`;
  ACTIVITY_KINDS.forEach((kind, k) => {
    WINDOWS.forEach(([from, to], round) => {
      const d = DRAFTS[kind]({ city, rng, estates, sales, rents, round, anchor });
      // From 10:00 on its first day to 23:59:59 on its last (Beijing time).
      const starts = beijingMidnight(anchor + from * DAY) + 10 * 3_600_000;
      const ends = beijingMidnight(anchor + to * DAY) + DAY - 1000;
      const couponNos = (d.coupons ?? []).map((_, i) => `HD${city.domain.toUpperCase()}${k}${round}${i}${rng.digits(3)}`);
      const info = insert.run(
        city.id,
        kind,
        d.name,
        d.subtitle,
        `/img/huodong/${kind}-${(round % 2) + 1}.svg`,
        d.benefit,
        JSON.stringify(d.rules),
        JSON.stringify(d.items),
        JSON.stringify(couponNos),
        d.place,
        city.servicePhone,
        poster++,
        sqlTime(starts),
        sqlTime(ends),
        rng.int(300, 9000),
        sqlTime(starts - 2 * DAY),
      );
      const id = Number(info.lastInsertRowid);
      rows++;
      banner.run(city.id, `huodong_${id}`, d.name, `/img/huodong/${kind}-${(round % 2) + 1}.svg`, `/huodong/${kind}/${id}`, 0);
      if (to > 0 && round === 2)
        banner.run(city.id, 'huodong', d.name, `/img/huodong/${kind}-${(round % 2) + 1}.svg`, `/huodong/${kind}/${id}`, k);
      (d.coupons ?? []).forEach((c, i) => {
        batch.run(couponNos[i], city.id, c.title, c.amount, c.rule, c.validDays, sqlTime(ends));
        rows++;
      });
      const signups = rng.int(2, 6);
      for (let i = 0; i < signups; i++) {
        signup.run(id, person(), phone(), 'form', couponNos[0] ?? null, sqlTime(starts + rng.int(1, 200) * 3_600_000));
      }
    });
  });

  // Group viewings: upcoming sessions by estate, a few past; some upcoming sessions are full.
  const session = db.prepare(
    `INSERT INTO group_session (city_id, loupan_id, title, starts_at, meeting_point, seats, leader, route, benefit) VALUES (?,?,?,?,?,?,?,?,?)`,
  );
  const groupSignup = db.prepare('INSERT OR IGNORE INTO group_signup (session_id, name, phone, member_id, created_at) VALUES (?,?,?,?,?)');
  const stops = rng.sample(estates, Math.min(8, estates.length));
  stops.forEach((e, i) => {
    const day = i < 2 ? -rng.int(3, 20) : rng.int(3, 40);
    // The anchor is 16:00 in Beijing: sessions leave at 09:00 or 14:00.
    const at = anchor - 7 * 3_600_000 + day * DAY + rng.pick([0, 5]) * 3_600_000;
    const seats = rng.pick([10, 12, 15, 20]);
    const full = i === 2 || i === 5;
    const others = rng
      .sample(
        estates.filter((x) => x.id !== e.id),
        2,
      )
      .map((x) => x.name);
    const info = session.run(
      city.id,
      e.id,
      `${e.name}${rng.pick(['专场看房团', '品鉴看房团', '周末看房团'])}`,
      sqlTime(at),
      `${city.name}湘房网${e.region}门店（${rng.pick(['门口集合', '一楼大厅集合'])}）`,
      seats,
      `${rng.pick(['王', '李', '刘', '陈', '周'])}${rng.pick(['经理', '顾问'])}`,
      JSON.stringify([e.name, ...others]),
      rng.pick(['参团认购享团购价再减1万', '到访即送精美礼品一份', '参团客户享额外98折']),
    );
    const sid = Number(info.lastInsertRowid);
    rows++;
    const taken = full ? seats : rng.int(1, seats - 3);
    for (let s = 0; s < taken; s++) groupSignup.run(sid, person(), phone(), null, sqlTime(at - rng.int(1, 10) * DAY));
  });

  // /adver: promoted estates and listings, with their infomercial pictures.
  const promo = db.prepare('INSERT INTO promotion (city_id, target_type, target_id, slogan, sort) VALUES (?,?,?,?,?)');
  const adEstates = rng.sample(estates, 4);
  const adListings = rng.sample(sales, 4);
  let sort = 0;
  for (const e of adEstates) {
    promo.run(city.id, 'loupan', e.id, rng.pick(['品牌新盘 火热在售', '地铁口精装现房', '限时特惠 到访有礼', '低总价 高得房率']), sort++);
    rows++;
  }
  for (const l of adListings) {
    const slogan = rng.pick(['业主急售 低于市场价', '满五唯一 随时看房', '南北通透 拎包入住']);
    promo.run(city.id, 'listing', l.id, l.orientation === '南北' || !slogan.includes('南北通透') ? slogan : '采光充足 拎包入住', sort++);
    rows++;
  }
  adEstates.slice(0, 2).forEach((e, i) => {
    banner.run(city.id, 'adver', `${e.name} 火热在售`, e.img, `/xinfang/${e.id}.html`, i);
  });
  return rows;
}

/**
 * A database seeded before the campaigns existed (migration 18 added empty tables): seeds them once, from the seed
 * number the database was made with. Returns the rows written (0 when there was nothing to do).
 */
export function ensureActivities(db: DB): number {
  const has = db.prepare('SELECT 1 FROM activity LIMIT 1').pluck().get();
  if (has) return 0;
  const seed = Number(db.prepare("SELECT value FROM meta WHERE key = 'seed'").pluck().get() ?? 20261122);
  const cities = db.prepare('SELECT id FROM city').pluck().all() as number[];
  let rows = 0;
  db.transaction(() => {
    for (const city of CITIES) if (cities.includes(city.id)) rows += seedActivities(db, city, seed, calendarAnchor(db));
    markSeeded(db, ['activity', 'activity_signup', 'group_session', 'group_signup']);
  })();
  return rows;
}
