import type Database from 'better-sqlite3';
import { RENT_HOUSE_TYPES } from '../lib/listing-kinds.ts';
import { COMMITMENT_INSERT } from './seed/commitments.ts';

/**
 * Versioned schema migrations, applied in order inside one transaction each; the schema version lives in
 * SQLite's `user_version`. Never edit a released migration: add the next one.
 */
export const MIGRATIONS: Array<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'core catalogue: cities, places, listings, estates, communities, schools, agents',
    sql: `
CREATE TABLE city (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, cname TEXT NOT NULL, domain TEXT NOT NULL UNIQUE,
  pinyin TEXT NOT NULL, province TEXT NOT NULL, service_phone TEXT NOT NULL, lat REAL, lng REAL, sort INTEGER NOT NULL
);
CREATE TABLE region (id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL REFERENCES city(id), name TEXT NOT NULL, sort INTEGER NOT NULL);
CREATE INDEX region_city ON region(city_id);
CREATE TABLE shop_map (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, region_id INTEGER NOT NULL REFERENCES region(id), name TEXT NOT NULL, lat REAL, lng REAL
);
CREATE INDEX shop_map_region ON shop_map(region_id);
CREATE TABLE metro (id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, name TEXT NOT NULL, color TEXT NOT NULL);
CREATE TABLE station (id INTEGER PRIMARY KEY, metro_id INTEGER NOT NULL REFERENCES metro(id), city_id INTEGER NOT NULL, name TEXT NOT NULL, sort INTEGER NOT NULL);
CREATE INDEX station_metro ON station(metro_id);

CREATE TABLE store (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, region_id INTEGER NOT NULL, shop_map_id INTEGER, name TEXT NOT NULL,
  address TEXT NOT NULL, phone TEXT NOT NULL, img TEXT NOT NULL, license_no TEXT NOT NULL, manager TEXT NOT NULL,
  open_year INTEGER NOT NULL, lat REAL, lng REAL
);
CREATE INDEX store_city ON store(city_id);
CREATE TABLE belonger (
  id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, city_id INTEGER NOT NULL, store_id INTEGER NOT NULL REFERENCES store(id),
  name TEXT NOT NULL, phone TEXT NOT NULL, ext_num TEXT NOT NULL, iskefu INTEGER NOT NULL, portrait TEXT NOT NULL,
  title TEXT NOT NULL, years INTEGER NOT NULL, score REAL NOT NULL, deal_count INTEGER NOT NULL, daikan_count INTEGER NOT NULL,
  intro TEXT NOT NULL, tags TEXT NOT NULL, star INTEGER NOT NULL
);
CREATE INDEX belonger_city ON belonger(city_id, star DESC);
CREATE INDEX belonger_store ON belonger(store_id);

CREATE TABLE xiaoqu (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, region_id INTEGER NOT NULL, shop_map_id INTEGER NOT NULL, station_id INTEGER,
  name TEXT NOT NULL, sname TEXT NOT NULL, address TEXT NOT NULL, build_year INTEGER NOT NULL, build_type TEXT NOT NULL,
  property_type TEXT NOT NULL, developer TEXT NOT NULL, property_company TEXT NOT NULL, property_fee REAL NOT NULL,
  households INTEGER NOT NULL, buildings INTEGER NOT NULL, green_rate REAL NOT NULL, plot_ratio REAL NOT NULL, parking TEXT NOT NULL,
  avg_price INTEGER NOT NULL, ratio REAL NOT NULL, ershoucount INTEGER NOT NULL DEFAULT 0, zufangcount INTEGER NOT NULL DEFAULT 0,
  img TEXT NOT NULL, lat REAL, lng REAL, hot INTEGER NOT NULL, view_num INTEGER NOT NULL, description TEXT NOT NULL
);
CREATE INDEX xiaoqu_city ON xiaoqu(city_id, hot DESC);
CREATE INDEX xiaoqu_region ON xiaoqu(region_id);
CREATE INDEX xiaoqu_shop ON xiaoqu(shop_map_id);
CREATE TABLE xiaoqu_price (xiaoqu_id INTEGER NOT NULL, month TEXT NOT NULL, price INTEGER NOT NULL, PRIMARY KEY (xiaoqu_id, month)) WITHOUT ROWID;
CREATE TABLE area_price (
  city_id INTEGER NOT NULL, region_id INTEGER NOT NULL, month TEXT NOT NULL, price INTEGER NOT NULL, deals INTEGER NOT NULL,
  PRIMARY KEY (city_id, region_id, month)
) WITHOUT ROWID;

-- All second-hand, rental and commercial listings. house_type: 11 second-hand, 12 rental,
-- 13 shop for sale, 14 shop for rent, 15 office for sale, 16 office for rent.
CREATE TABLE listing (
  id INTEGER PRIMARY KEY, house_number TEXT NOT NULL UNIQUE, house_type INTEGER NOT NULL, city_id INTEGER NOT NULL,
  region_id INTEGER NOT NULL, shop_map_id INTEGER NOT NULL, xiaoqu_id INTEGER, station_id INTEGER, belonger_id INTEGER NOT NULL,
  title TEXT NOT NULL, price REAL NOT NULL, unit_price INTEGER NOT NULL, area REAL NOT NULL,
  rooms INTEGER NOT NULL, halls INTEGER NOT NULL, toilets INTEGER NOT NULL, floor INTEGER NOT NULL, total_floors INTEGER NOT NULL,
  orientation TEXT NOT NULL, decoration TEXT NOT NULL, build_year INTEGER NOT NULL, elevator INTEGER NOT NULL, use_type TEXT NOT NULL,
  rent_type TEXT, short_term INTEGER NOT NULL DEFAULT 0, pay_type TEXT, tags TEXT NOT NULL, feature TEXT NOT NULL,
  price_change INTEGER NOT NULL DEFAULT 0, original_price REAL, description TEXT NOT NULL, img_count INTEGER NOT NULL,
  img_seed INTEGER NOT NULL, has_vr INTEGER NOT NULL, view_num INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1, business_format TEXT
);
CREATE INDEX listing_list ON listing(city_id, house_type, status, region_id, price);
CREATE INDEX listing_price ON listing(city_id, house_type, price);
CREATE INDEX listing_unit ON listing(city_id, house_type, unit_price);
CREATE INDEX listing_area ON listing(city_id, house_type, area);
CREATE INDEX listing_new ON listing(city_id, house_type, created_at DESC);
CREATE INDEX listing_xiaoqu ON listing(xiaoqu_id, house_type);
CREATE INDEX listing_belonger ON listing(belonger_id);
CREATE INDEX listing_shop ON listing(shop_map_id, house_type);

CREATE TABLE operate_log (id INTEGER PRIMARY KEY, listing_id INTEGER NOT NULL, kind TEXT NOT NULL, old_price REAL, new_price REAL, created_at TEXT NOT NULL);
CREATE INDEX operate_log_listing ON operate_log(listing_id);
CREATE TABLE owner_readme (listing_id INTEGER PRIMARY KEY, content TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE listing_comment (
  id INTEGER PRIMARY KEY, listing_id INTEGER NOT NULL, belonger_id INTEGER NOT NULL, content TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX listing_comment_listing ON listing_comment(listing_id);
CREATE INDEX listing_comment_belonger ON listing_comment(belonger_id);

-- New-home estates (loupan). type_codes: comma list of SPEC 9 codes.
CREATE TABLE loupan (
  id INTEGER PRIMARY KEY, hsmid TEXT NOT NULL UNIQUE, city_id INTEGER NOT NULL, region_id INTEGER NOT NULL, shop_map_id INTEGER NOT NULL,
  station_id INTEGER, name TEXT NOT NULL, alias TEXT NOT NULL, address TEXT NOT NULL, sale_address TEXT NOT NULL,
  avg_price INTEGER NOT NULL, total_min REAL NOT NULL, total_max REAL NOT NULL, sale_status TEXT NOT NULL, type_codes TEXT NOT NULL,
  developer TEXT NOT NULL, property_company TEXT NOT NULL, property_fee REAL NOT NULL, open_date TEXT NOT NULL, handover_date TEXT NOT NULL,
  decoration TEXT NOT NULL, plot_ratio REAL NOT NULL, green_rate REAL NOT NULL, households INTEGER NOT NULL, parking TEXT NOT NULL,
  term_years INTEGER NOT NULL, tags TEXT NOT NULL, img TEXT NOT NULL, img_seed INTEGER NOT NULL, has_vr INTEGER NOT NULL,
  has_video INTEGER NOT NULL, lat REAL, lng REAL, view_num INTEGER NOT NULL, hot INTEGER NOT NULL, sales_count INTEGER NOT NULL,
  phone_ext TEXT NOT NULL, description TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX loupan_city ON loupan(city_id, hot DESC);
CREATE INDEX loupan_region ON loupan(region_id);
CREATE TABLE loupan_price (loupan_id INTEGER NOT NULL, type_code INTEGER NOT NULL, price INTEGER NOT NULL, PRIMARY KEY (loupan_id, type_code)) WITHOUT ROWID;
CREATE TABLE huxing (
  id INTEGER PRIMARY KEY, loupan_id INTEGER NOT NULL, name TEXT NOT NULL, rooms INTEGER NOT NULL, halls INTEGER NOT NULL,
  toilets INTEGER NOT NULL, area REAL NOT NULL, total_price REAL NOT NULL, orientation TEXT NOT NULL, status TEXT NOT NULL,
  img TEXT NOT NULL, description TEXT NOT NULL, tags TEXT NOT NULL
);
CREATE INDEX huxing_loupan ON huxing(loupan_id);
CREATE TABLE dongtai (
  id INTEGER PRIMARY KEY, loupan_id INTEGER NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX dongtai_loupan ON dongtai(loupan_id, created_at DESC);
CREATE TABLE yushou (
  id INTEGER PRIMARY KEY, loupan_id INTEGER NOT NULL, permit_no TEXT NOT NULL, issue_date TEXT NOT NULL, buildings TEXT NOT NULL, units INTEGER NOT NULL
);
CREATE INDEX yushou_loupan ON yushou(loupan_id);
CREATE TABLE loupan_belonger (loupan_id INTEGER NOT NULL, belonger_id INTEGER NOT NULL, PRIMARY KEY (loupan_id, belonger_id)) WITHOUT ROWID;
CREATE INDEX loupan_belonger_b ON loupan_belonger(belonger_id);
CREATE TABLE contract (id INTEGER PRIMARY KEY, loupan_id INTEGER NOT NULL, month TEXT NOT NULL, units INTEGER NOT NULL, area REAL NOT NULL, avg_price INTEGER NOT NULL);
CREATE INDEX contract_loupan ON contract(loupan_id);

CREATE TABLE school (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, region_id INTEGER NOT NULL, name TEXT NOT NULL, level TEXT NOT NULL,
  nature TEXT NOT NULL, address TEXT NOT NULL, phone TEXT NOT NULL, tags TEXT NOT NULL, img TEXT NOT NULL, founded INTEGER NOT NULL,
  description TEXT NOT NULL, enroll_rule TEXT NOT NULL, hot INTEGER NOT NULL, lat REAL, lng REAL
);
CREATE INDEX school_city ON school(city_id, hot DESC);
CREATE TABLE school_xiaoqu (school_id INTEGER NOT NULL, xiaoqu_id INTEGER NOT NULL, PRIMARY KEY (school_id, xiaoqu_id)) WITHOUT ROWID;
CREATE INDEX school_xiaoqu_x ON school_xiaoqu(xiaoqu_id);
CREATE TABLE school_loupan (school_id INTEGER NOT NULL, loupan_id INTEGER NOT NULL, PRIMARY KEY (school_id, loupan_id)) WITHOUT ROWID;
CREATE INDEX school_loupan_l ON school_loupan(loupan_id);

CREATE TABLE overseas (
  id INTEGER PRIMARY KEY, country TEXT NOT NULL, city_name TEXT NOT NULL, title TEXT NOT NULL, total_price REAL NOT NULL,
  local_price TEXT NOT NULL, area REAL NOT NULL, rooms INTEGER NOT NULL, property_type TEXT NOT NULL, freehold INTEGER NOT NULL,
  img TEXT NOT NULL, tags TEXT NOT NULL, description TEXT NOT NULL, created_at TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'content: articles, accounts, knowledge base, questions, banners, configuration, search index',
    sql: `
CREATE TABLE info_type (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE xhaccount (
  id INTEGER PRIMARY KEY, user_name TEXT NOT NULL UNIQUE, name TEXT NOT NULL, avatar TEXT NOT NULL, intro TEXT NOT NULL, fans INTEGER NOT NULL
);
CREATE TABLE info_doc (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, type_id INTEGER NOT NULL, account_id INTEGER NOT NULL, title TEXT NOT NULL,
  summary TEXT NOT NULL, content TEXT NOT NULL, cover TEXT NOT NULL, author TEXT NOT NULL, source TEXT NOT NULL, tags TEXT NOT NULL,
  view_num INTEGER NOT NULL, fabulous_num INTEGER NOT NULL DEFAULT 0, collect_num INTEGER NOT NULL DEFAULT 0,
  comment_num INTEGER NOT NULL DEFAULT 0, loupan_id INTEGER, created_at TEXT NOT NULL
);
CREATE INDEX info_doc_list ON info_doc(city_id, type_id, created_at DESC);
CREATE INDEX info_doc_city ON info_doc(city_id, created_at DESC);
CREATE INDEX info_doc_account ON info_doc(account_id, created_at DESC);
CREATE TABLE info_comment (
  id INTEGER PRIMARY KEY, doc_id INTEGER NOT NULL, user_id TEXT NOT NULL, nick_name TEXT NOT NULL, head_url TEXT NOT NULL,
  content TEXT NOT NULL, fabulous_num INTEGER NOT NULL DEFAULT 0, parent_id INTEGER, deleted INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL
);
CREATE INDEX info_comment_doc ON info_comment(doc_id, fabulous_num DESC);
CREATE TABLE baike (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, category TEXT NOT NULL, title TEXT NOT NULL, summary TEXT NOT NULL,
  content TEXT NOT NULL, view_num INTEGER NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX baike_city ON baike(city_id, category);
CREATE TABLE wenda (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, category TEXT NOT NULL, loupan_id INTEGER, xiaoqu_id INTEGER, title TEXT NOT NULL,
  content TEXT NOT NULL, user_id TEXT NOT NULL, nick_name TEXT NOT NULL, view_num INTEGER NOT NULL, answer_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX wenda_city ON wenda(city_id, created_at DESC);
CREATE INDEX wenda_loupan ON wenda(loupan_id);
CREATE TABLE wenda_answer (
  id INTEGER PRIMARY KEY, wenda_id INTEGER NOT NULL, belonger_id INTEGER, user_id TEXT, nick_name TEXT NOT NULL, content TEXT NOT NULL,
  likes INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL
);
CREATE INDEX wenda_answer_q ON wenda_answer(wenda_id);
CREATE TABLE banner (id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, position TEXT NOT NULL, title TEXT NOT NULL, img TEXT NOT NULL, link TEXT NOT NULL, sort INTEGER NOT NULL);
CREATE INDEX banner_pos ON banner(city_id, position);
CREATE TABLE config (city_id INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (city_id, key)) WITHOUT ROWID;
CREATE TABLE hot_search (city_id INTEGER NOT NULL, type INTEGER NOT NULL, keyword TEXT NOT NULL, hits INTEGER NOT NULL, PRIMARY KEY (city_id, type, keyword)) WITHOUT ROWID;
CREATE TABLE seo_link (id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL);
CREATE INDEX seo_link_city ON seo_link(city_id, kind);
-- Chinese search: text pre-segmented into unigrams and bigrams, so FTS5's unicode61 tokenizer sees words.
CREATE VIRTUAL TABLE search_fts USING fts5(body, kind UNINDEXED, ref_id UNINDEXED, city_id UNINDEXED, tokenize = 'unicode61');
`,
  },
  {
    version: 3,
    name: 'members and every user write',
    sql: `
CREATE TABLE member (
  id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, phone TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, nick_name TEXT NOT NULL,
  head_url TEXT NOT NULL, sex INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE session_token (token TEXT PRIMARY KEY, member_id INTEGER NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL);
CREATE TABLE sms_code (id INTEGER PRIMARY KEY, phone TEXT NOT NULL, purpose TEXT NOT NULL, code TEXT NOT NULL, used INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, expires_at TEXT NOT NULL);
CREATE INDEX sms_code_phone ON sms_code(phone, purpose, id DESC);
CREATE TABLE collect (
  member_id TEXT NOT NULL, house_id INTEGER NOT NULL, kind TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (member_id, kind, house_id)
) WITHOUT ROWID;
CREATE INDEX collect_house ON collect(kind, house_id);
CREATE TABLE kanfang (
  id INTEGER PRIMARY KEY, city_id INTEGER, house_id INTEGER, house_type INTEGER, member_id TEXT, name TEXT NOT NULL, phone TEXT NOT NULL,
  visit_date TEXT, remark TEXT, belonger_id INTEGER, source TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE daikan (
  id INTEGER PRIMARY KEY, listing_id INTEGER, house_number TEXT, loupan_id INTEGER, belonger_id INTEGER NOT NULL, member_id TEXT,
  customer TEXT NOT NULL, phone TEXT, remark TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX daikan_house ON daikan(house_number);
CREATE INDEX daikan_belonger ON daikan(belonger_id, created_at DESC);
CREATE TABLE jubao (
  id INTEGER PRIMARY KEY, house_id INTEGER NOT NULL, house_type INTEGER, member_id TEXT, phone TEXT, reason TEXT NOT NULL,
  content TEXT, images TEXT, status TEXT NOT NULL DEFAULT '待处理', created_at TEXT NOT NULL
);
CREATE INDEX jubao_member ON jubao(member_id, id DESC);
CREATE TABLE correction (id INTEGER PRIMARY KEY, house_id INTEGER, house_type INTEGER, member_id TEXT, phone TEXT, field TEXT, content TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE upload (
  id INTEGER PRIMARY KEY, file_name TEXT NOT NULL, original_name TEXT, mime TEXT NOT NULL, size INTEGER NOT NULL, sha256 TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE feedback (id INTEGER PRIMARY KEY, city_id INTEGER, member_id TEXT, phone TEXT, kind TEXT, content TEXT NOT NULL, images TEXT, created_at TEXT NOT NULL);
CREATE TABLE customer_demand (
  id INTEGER PRIMARY KEY, city_id INTEGER, member_id TEXT, phone TEXT NOT NULL, name TEXT, demand_type TEXT NOT NULL, region TEXT,
  budget TEXT, rooms TEXT, remark TEXT, created_at TEXT NOT NULL
);
CREATE INDEX customer_demand_member ON customer_demand(member_id, id DESC);
CREATE INDEX customer_demand_phone ON customer_demand(phone, id DESC);
CREATE TABLE coupon (
  id INTEGER PRIMARY KEY, coupon_no TEXT NOT NULL, phone TEXT NOT NULL, city_id INTEGER, title TEXT NOT NULL, amount INTEGER NOT NULL,
  status TEXT NOT NULL, expires_at TEXT NOT NULL, created_at TEXT NOT NULL, UNIQUE (phone, coupon_no)
);
CREATE TABLE sms_subscription (
  id INTEGER PRIMARY KEY, city_id INTEGER, phone TEXT NOT NULL, house_id INTEGER, kind TEXT NOT NULL, created_at TEXT NOT NULL, UNIQUE (phone, house_id, kind)
);
CREATE TABLE franchise_apply (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT NOT NULL, city TEXT, company TEXT, stores INTEGER, remark TEXT, source TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE investment (id INTEGER PRIMARY KEY, city_id INTEGER, name TEXT NOT NULL, phone TEXT NOT NULL, company TEXT, intention TEXT, remark TEXT, created_at TEXT NOT NULL);
CREATE TABLE dianping (
  id INTEGER PRIMARY KEY, city_id INTEGER, loupan_id INTEGER, listing_id INTEGER, belonger_id INTEGER, member_id TEXT NOT NULL,
  nick_name TEXT NOT NULL, head_url TEXT NOT NULL, score INTEGER NOT NULL, content TEXT NOT NULL, images TEXT, created_at TEXT NOT NULL
);
CREATE INDEX dianping_loupan ON dianping(loupan_id, id DESC);
CREATE INDEX dianping_belonger ON dianping(belonger_id, id DESC);
CREATE TABLE wechat_comment (id INTEGER PRIMARY KEY, member_id TEXT, content TEXT NOT NULL, target TEXT, created_at TEXT NOT NULL);
CREATE TABLE info_doc_like (doc_id INTEGER NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (doc_id, user_id)) WITHOUT ROWID;
CREATE TABLE info_comment_like (comment_id INTEGER NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (comment_id, user_id)) WITHOUT ROWID;
CREATE TABLE info_doc_collect (doc_id INTEGER NOT NULL, user_id TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (doc_id, user_id)) WITHOUT ROWID;
CREATE TABLE account_follow (account_id INTEGER NOT NULL, user_id TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (account_id, user_id)) WITHOUT ROWID;
CREATE TABLE chat_record (
  id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, target_id TEXT NOT NULL, msg_type TEXT NOT NULL, content TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX chat_record_pair ON chat_record(user_id, target_id, id);
CREATE TABLE push_message (id INTEGER PRIMARY KEY, target TEXT NOT NULL, title TEXT, content TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE view_history (id INTEGER PRIMARY KEY, house_id INTEGER NOT NULL, member_id TEXT NOT NULL, source TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX view_history_member ON view_history(member_id, id DESC);
CREATE TABLE praise (house_id INTEGER NOT NULL, user_key TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (house_id, user_key)) WITHOUT ROWID;
CREATE TABLE tracking_event (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE person_info (member_id TEXT PRIMARY KEY, payload TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`,
  },
  {
    version: 4,
    name: 'list-query index with rooms before price (second-hand list: region + rooms + price band)',
    sql: `
CREATE INDEX listing_rooms ON listing(city_id, house_type, status, region_id, rooms, price);
ANALYZE;
`,
  },
  {
    version: 5,
    name: 'entrustment (/Index/yijianweituo): owners commission a sale or rental, with a log of price changes and removal',
    sql: `
CREATE TABLE entrust (
  id INTEGER PRIMARY KEY, member_id TEXT NOT NULL, city_id INTEGER NOT NULL, kind TEXT NOT NULL, xiaoqu_id INTEGER, xiaoqu_name TEXT NOT NULL,
  address TEXT, building TEXT, unit TEXT, room TEXT, area REAL NOT NULL, rooms INTEGER, halls INTEGER, toilets INTEGER, floor INTEGER,
  total_floors INTEGER, price REAL NOT NULL, contact TEXT NOT NULL, phone TEXT NOT NULL, remark TEXT, status TEXT NOT NULL,
  belonger_id INTEGER, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX entrust_member ON entrust(member_id, id DESC);
CREATE TABLE entrust_log (id INTEGER PRIMARY KEY, entrust_id INTEGER NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX entrust_log_entrust ON entrust_log(entrust_id, id);
`,
  },
  {
    version: 6,
    name: 'valuation records (/fangjia/gujia, /gujiajilu)',
    sql: `
CREATE TABLE valuation (
  id INTEGER PRIMARY KEY, member_id TEXT NOT NULL, city_id INTEGER NOT NULL, xiaoqu_id INTEGER NOT NULL, area REAL NOT NULL, input TEXT NOT NULL,
  unit_price INTEGER NOT NULL, total_price REAL NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX valuation_member ON valuation(member_id, id DESC);
`,
  },
  {
    version: 7,
    name: 'chat records by target, for the conversation list',
    sql: `
CREATE INDEX chat_record_target ON chat_record(target_id, id);
`,
  },
  {
    version: 8,
    name: 'indexes for the default and hot orders of the home page lists (no temp B-tree sort per call)',
    sql: `
CREATE INDEX listing_updated ON listing(city_id, house_type, status, updated_at DESC, id DESC);
CREATE INDEX listing_hot ON listing(city_id, house_type, status, view_num DESC, id);
CREATE INDEX loupan_view ON loupan(city_id, view_num DESC, id);
`,
  },
  {
    version: 9,
    name: 'accounts: session version per member (a password reset signs out every session), password-login locks per phone',
    sql: `
ALTER TABLE member ADD COLUMN session_version INTEGER NOT NULL DEFAULT 1;
CREATE TABLE login_lock (phone TEXT PRIMARY KEY, fails INTEGER NOT NULL, locked_until TEXT);
CREATE INDEX sms_code_day ON sms_code(phone, created_at);
`,
  },
  {
    version: 10,
    name: 'member pages (issue 13): claimable coupon batches, booking/report/feedback statuses, the full customer demand, subscription filters',
    sql: `
CREATE TABLE coupon_batch (
  coupon_no TEXT PRIMARY KEY, city_id INTEGER NOT NULL, title TEXT NOT NULL, amount INTEGER NOT NULL, rule TEXT NOT NULL,
  valid_days INTEGER NOT NULL, ends_at TEXT NOT NULL
) WITHOUT ROWID;
ALTER TABLE kanfang ADD COLUMN status TEXT NOT NULL DEFAULT '待确认';
CREATE INDEX kanfang_member ON kanfang(member_id, id DESC);
ALTER TABLE correction ADD COLUMN status TEXT NOT NULL DEFAULT '待处理';
CREATE INDEX correction_member ON correction(member_id, id DESC);
ALTER TABLE feedback ADD COLUMN status TEXT NOT NULL DEFAULT '已收到';
CREATE INDEX feedback_member ON feedback(member_id, id DESC);
ALTER TABLE customer_demand ADD COLUMN area TEXT;
ALTER TABLE customer_demand ADD COLUMN districts TEXT;
ALTER TABLE customer_demand ADD COLUMN move_in TEXT;
ALTER TABLE sms_subscription ADD COLUMN filter TEXT;
CREATE INDEX coupon_phone ON coupon(phone, id DESC);
`,
  },
  {
    version: 11,
    name: 'site-wide search: suggestion index with full pinyin and initials; hot cities of the city picker',
    sql: `
ALTER TABLE city ADD COLUMN hot INTEGER NOT NULL DEFAULT 0;
-- A database seeded before: its cities with listings are the hot ones.
UPDATE city SET hot = 1 WHERE id IN (SELECT DISTINCT city_id FROM listing);
CREATE TABLE search_entity (
  kind TEXT NOT NULL, ref_id INTEGER NOT NULL, city_id INTEGER NOT NULL, title TEXT NOT NULL, subtitle TEXT NOT NULL, url TEXT NOT NULL,
  hot INTEGER NOT NULL, PRIMARY KEY (kind, ref_id)
) WITHOUT ROWID;
CREATE INDEX search_entity_city ON search_entity(city_id);
-- One row per starting character of a name: the pinyin of the name from there on, in full and as initials.
CREATE TABLE search_pinyin (
  city_id INTEGER NOT NULL, full TEXT NOT NULL, initials TEXT NOT NULL, kind TEXT NOT NULL, ref_id INTEGER NOT NULL, pos INTEGER NOT NULL
);
CREATE INDEX search_pinyin_full ON search_pinyin(city_id, full);
CREATE INDEX search_pinyin_initials ON search_pinyin(city_id, initials);
`,
  },
  {
    version: 12,
    name: 'housing topics (issue 15 part C): curated groups of articles, questions and listings per city',
    sql: `
CREATE TABLE topic (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, title TEXT NOT NULL, intro TEXT NOT NULL, cover TEXT NOT NULL, sort INTEGER NOT NULL
);
CREATE INDEX topic_city ON topic(city_id, sort);
CREATE TABLE topic_item (
  topic_id INTEGER NOT NULL, kind TEXT NOT NULL, ref_id INTEGER NOT NULL, sort INTEGER NOT NULL, PRIMARY KEY (topic_id, kind, ref_id)
) WITHOUT ROWID;
`,
  },
  {
    version: 13,
    name: 'knowledge base and Q&A (issue 15): the glossary, one like per member and answer, the hot order of questions',
    sql: `
CREATE TABLE glossary (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, term TEXT NOT NULL, letter TEXT NOT NULL, definition TEXT NOT NULL, baike_id INTEGER
);
CREATE INDEX glossary_city ON glossary(city_id, letter, term);
CREATE TABLE wenda_answer_like (answer_id INTEGER NOT NULL, user_id TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (answer_id, user_id)) WITHOUT ROWID;
CREATE INDEX wenda_hot ON wenda(city_id, view_num DESC, id);
CREATE INDEX wenda_category ON wenda(city_id, category, created_at DESC);
CREATE INDEX baike_view ON baike(city_id, view_num DESC, id);
`,
  },
  {
    version: 14,
    name: 'entrustment states (issue 17): 待受理 → 已受理 → 已上架 → 已成交 | 已下架, the listing it created, who made each change',
    sql: `
ALTER TABLE entrust ADD COLUMN orientation TEXT;
ALTER TABLE entrust ADD COLUMN decoration TEXT;
ALTER TABLE entrust ADD COLUMN listing_id INTEGER;
ALTER TABLE entrust ADD COLUMN state_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entrust_log ADD COLUMN actor TEXT NOT NULL DEFAULT '业主';
UPDATE entrust SET status = '待受理' WHERE status = '待审核';
`,
  },
  {
    version: 15,
    name: 'stores (issue 17 part B): opening hours, filing number, operating company, and the store news and deals',
    sql: `
ALTER TABLE store ADD COLUMN hours TEXT NOT NULL DEFAULT '09:00-21:00';
ALTER TABLE store ADD COLUMN filing_no TEXT NOT NULL DEFAULT '';
ALTER TABLE store ADD COLUMN company TEXT NOT NULL DEFAULT '';
CREATE TABLE store_news (
  id INTEGER PRIMARY KEY, store_id INTEGER NOT NULL REFERENCES store(id), kind TEXT NOT NULL, title TEXT NOT NULL,
  content TEXT NOT NULL, listing_id INTEGER, created_at TEXT NOT NULL
);
CREATE INDEX store_news_store ON store_news(store_id, created_at DESC);
`,
  },
  {
    version: 16,
    name: 'agents (issue 17 part C): service commitments with their terms, ratings per aspect, the call log of zhcall',
    sql: `
CREATE TABLE commitment (
  id INTEGER PRIMARY KEY, title TEXT NOT NULL, subtitle TEXT NOT NULL, summary TEXT NOT NULL, terms TEXT NOT NULL, sort INTEGER NOT NULL
);
${COMMITMENT_INSERT};
ALTER TABLE dianping ADD COLUMN aspects TEXT;
CREATE INDEX dianping_member ON dianping(member_id, belonger_id, created_at);
CREATE TABLE call_log (id INTEGER PRIMARY KEY, belonger_id INTEGER NOT NULL, type INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX franchise_phone ON franchise_apply(phone, created_at);
`,
  },
  // chat (issue 18): migration 17
  {
    version: 17,
    name: 'agent chat (issue 18): agent passwords for the inbox, per-user conversation state (read mark, pin, delete, auto-reply), socket presence',
    sql: `
CREATE TABLE agent_password (belonger_id INTEGER PRIMARY KEY REFERENCES belonger(id), password_hash TEXT NOT NULL);
CREATE TABLE chat_state (
  user_id TEXT NOT NULL, peer_id TEXT NOT NULL, read_up_to INTEGER NOT NULL DEFAULT 0, pinned INTEGER NOT NULL DEFAULT 0,
  deleted_up_to INTEGER NOT NULL DEFAULT 0, auto_reply_at INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (user_id, peer_id)
) WITHOUT ROWID;
CREATE TABLE chat_presence (user_id TEXT NOT NULL, node TEXT NOT NULL, sockets INTEGER NOT NULL, seen_at INTEGER NOT NULL, PRIMARY KEY (user_id, node)) WITHOUT ROWID;
`,
  },
  // Campaigns (issue 19): activities of the ten /huodong templates, their sign-ups, poster shares and QR scans, group
  // viewings with their seats, and the promoted estates and listings of /adver.
  {
    version: 18,
    name: 'campaigns (issue 19): activities, sign-ups, poster shares, QR scans, group viewings, promotions',
    sql: `
CREATE TABLE activity (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, subtitle TEXT NOT NULL,
  banner TEXT NOT NULL, benefit TEXT NOT NULL, rules TEXT NOT NULL, items TEXT NOT NULL, coupon_nos TEXT NOT NULL,
  place TEXT NOT NULL, hotline TEXT NOT NULL, poster_id INTEGER NOT NULL UNIQUE, starts_at TEXT NOT NULL, ends_at TEXT NOT NULL,
  view_num INTEGER NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX activity_city ON activity(city_id, kind, ends_at);
CREATE TABLE activity_signup (
  id INTEGER PRIMARY KEY, activity_id INTEGER NOT NULL REFERENCES activity(id), name TEXT NOT NULL, phone TEXT NOT NULL,
  source TEXT NOT NULL, coupon_no TEXT, created_at TEXT NOT NULL, UNIQUE (activity_id, phone)
);
CREATE TABLE poster_share (id INTEGER PRIMARY KEY, poster_id INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX poster_share_poster ON poster_share(poster_id);
CREATE TABLE qrcode_scan (id INTEGER PRIMARY KEY, poster_id INTEGER NOT NULL, scene TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE group_session (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, loupan_id INTEGER NOT NULL, title TEXT NOT NULL, starts_at TEXT NOT NULL,
  meeting_point TEXT NOT NULL, seats INTEGER NOT NULL, leader TEXT NOT NULL, route TEXT NOT NULL, benefit TEXT NOT NULL
);
CREATE INDEX group_session_city ON group_session(city_id, starts_at);
CREATE TABLE group_signup (
  id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES group_session(id), name TEXT NOT NULL, phone TEXT NOT NULL,
  member_id TEXT, created_at TEXT NOT NULL, UNIQUE (session_id, phone)
);
CREATE TABLE promotion (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, target_type TEXT NOT NULL, target_id INTEGER NOT NULL, slogan TEXT NOT NULL,
  sort INTEGER NOT NULL
);
CREATE INDEX promotion_city ON promotion(city_id, sort);
`,
  },
  // Video and VR (issue 19): the clips and panorama tours of listings and estates, and the listing's own pointers to them.
  {
    version: 19,
    name: 'video and VR (issue 19): property videos and VR tours of listings and estates',
    sql: `
CREATE TABLE video (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, house_type INTEGER NOT NULL, house_id INTEGER NOT NULL, belonger_id INTEGER,
  clip TEXT NOT NULL, title TEXT NOT NULL, summary TEXT NOT NULL, view_num INTEGER NOT NULL, like_num INTEGER NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX video_city ON video(city_id, view_num DESC);
CREATE INDEX video_house ON video(house_type, house_id);
CREATE TABLE vr_tour (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, house_type INTEGER NOT NULL, house_id INTEGER NOT NULL, belonger_id INTEGER,
  title TEXT NOT NULL, rooms TEXT NOT NULL, view_num INTEGER NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX vr_tour_city ON vr_tour(city_id, view_num DESC);
CREATE INDEX vr_tour_house ON vr_tour(house_type, house_id);
ALTER TABLE listing ADD COLUMN video_id INTEGER;
ALTER TABLE listing ADD COLUMN vr_id INTEGER;
`,
  },
  // In-app pages and single pages (issue 19: appH5, /fangyuanheyan)
  {
    version: 20,
    name: "in-app pages (issue 19): recent deals (成交) by community, and the housing authority's verification code of each listing",
    sql: `
CREATE TABLE deal (
  id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, region_id INTEGER NOT NULL, xiaoqu_id INTEGER NOT NULL, store_id INTEGER,
  house_type INTEGER NOT NULL, rooms INTEGER NOT NULL, halls INTEGER NOT NULL, area REAL NOT NULL, floor TEXT NOT NULL,
  orientation TEXT NOT NULL, price REAL NOT NULL, unit_price INTEGER, list_price REAL NOT NULL, days INTEGER NOT NULL, deal_date TEXT NOT NULL
);
CREATE INDEX deal_city ON deal(city_id, deal_date DESC);
CREATE INDEX deal_region ON deal(region_id, deal_date DESC);
CREATE INDEX deal_xiaoqu ON deal(xiaoqu_id, deal_date DESC);
CREATE TABLE listing_verify (
  listing_id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, status TEXT NOT NULL, authority TEXT NOT NULL,
  issued_at TEXT NOT NULL, expires_at TEXT NOT NULL
);
`,
  },
  // Sessions that end (issue 33): the agent inbox's sign-ins are server-side sessions too, revoked by a sign-out.
  {
    version: 21,
    name: 'agent inbox sessions (issue 33): one row per sign-in, only the token’s SHA-256 stored',
    sql: `
CREATE TABLE agent_session (token TEXT PRIMARY KEY, belonger_id INTEGER NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL);
CREATE INDEX agent_session_belonger ON agent_session(belonger_id);
CREATE INDEX session_token_member ON session_token(member_id);
`,
  },
  // 浏览记录 (issue 34): a view names its kind, as a favourite does, so a new home's id is never read as a listing's;
  // the member's list is the latest view of each (kind, house), and a member can delete one or clear it.
  {
    version: 22,
    name: 'view history kinds (issue 34): second-hand, rental, new home, community, overseas',
    sql: `
ALTER TABLE view_history ADD COLUMN kind TEXT NOT NULL DEFAULT 'ershoufang';
UPDATE view_history SET kind = 'rent' WHERE house_id IN (SELECT id FROM listing WHERE house_type IN (${RENT_HOUSE_TYPES.join(', ')}));
CREATE INDEX view_history_member_kind ON view_history(member_id, kind, house_id);
`,
  },
  // A buyer's weeks (issue 37 parts 1–3): saved searches that fire, the price a favourite was saved at, the notices of
  // the message centre, the SMS the gateway would send for them, and each member's notice settings.
  {
    version: 23,
    name: 'saved searches, notices, favourite prices, the SMS record and notice settings (issue 37)',
    sql: `
CREATE TABLE saved_search (
  id INTEGER PRIMARY KEY, member_id TEXT NOT NULL, city_id INTEGER NOT NULL, list TEXT NOT NULL, url TEXT NOT NULL, filter TEXT NOT NULL,
  name TEXT NOT NULL, want_new INTEGER NOT NULL, want_drop INTEGER NOT NULL, sms INTEGER NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, UNIQUE (member_id, url)
);
CREATE INDEX saved_search_city ON saved_search(city_id, enabled);
CREATE TABLE notice (
  id INTEGER PRIMARY KEY, member_id TEXT NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL, text TEXT NOT NULL, url TEXT NOT NULL,
  listing_id INTEGER, search_id INTEGER, read INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL
);
CREATE INDEX notice_member ON notice(member_id, id DESC);
CREATE UNIQUE INDEX notice_new_once ON notice(member_id, listing_id) WHERE kind = 'new';
CREATE TABLE notice_sms (
  id INTEGER PRIMARY KEY, member_id TEXT NOT NULL, phone TEXT NOT NULL, text TEXT NOT NULL, notice_id INTEGER NOT NULL,
  due_at TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX notice_sms_member ON notice_sms(member_id, id DESC);
CREATE TABLE notice_settings (
  member_id TEXT PRIMARY KEY, sms INTEGER NOT NULL, quiet INTEGER NOT NULL, quiet_from TEXT NOT NULL, quiet_to TEXT NOT NULL, updated_at TEXT NOT NULL
);
ALTER TABLE collect ADD COLUMN price REAL;
UPDATE collect SET price = (SELECT price FROM listing WHERE listing.id = collect.house_id) WHERE kind IN ('ershoufang', 'rent');
`,
  },
  // 加入对比 (issue 37 part 4): a member's compare list, up to four homes of one kind (src/lib/compare.ts), kept on the
  // gateway so that it follows the member from browser to browser.
  {
    version: 24,
    name: 'compare list (issue 37 part 4): the homes a member compares side by side',
    sql: `
CREATE TABLE compare_item (
  member_id TEXT NOT NULL, kind TEXT NOT NULL, house_id INTEGER NOT NULL, created_at TEXT NOT NULL, position INTEGER NOT NULL,
  PRIMARY KEY (member_id, kind, house_id)
);
`,
  },
  // Saved new-home searches (issue 37 part 1): a notice can name an estate instead of a listing (新房源 once per member and
  // estate, as for listings), and an estate's favourite keeps the 参考均价 it was saved at (part 2).
  {
    version: 25,
    name: 'estate notices and the price an estate was favourited at (issue 37)',
    sql: `
ALTER TABLE notice ADD COLUMN estate_id INTEGER;
CREATE UNIQUE INDEX notice_new_estate_once ON notice(member_id, estate_id) WHERE kind = 'new' AND estate_id IS NOT NULL;
UPDATE collect SET price = (SELECT avg_price FROM loupan WHERE loupan.id = collect.house_id) WHERE kind = 'newhouse';
`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** Applies every migration newer than the database's user_version. Returns the versions applied. */
export function migrate(db: Database.Database): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
    applied.push(m.version);
  }
  return applied;
}
