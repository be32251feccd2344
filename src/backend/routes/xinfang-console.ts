import type { FastifyInstance } from 'fastify';
import { SALE_STATUSES } from '../../lib/sale-status.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { loupanItem } from '../mappers.ts';
import { body, int, str } from '../schemas.ts';
import { LOUPAN_SELECT } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

/** 万 to one decimal, as the seed prices a floor plan and an estate's total range (price × area). */
const totalOf = (pricePerSqm: number, area: number) => Math.round((pricePerSqm * area) / 1000) / 10;

/**
 * The new-home console's estate update (issue 37 part 1; a path of our own, src/backend/README.md): a new 参考均价 and/or
 * a later sale status, as the company's console sends them. One number for one thing (issue 32): the headline price is
 * the main type's own price, so the main type gets it exactly and the others move by the same ratio; the total range and
 * every floor plan's total follow from it and their areas. Opening (待售 → on sale) dates the opening today and puts the
 * floor plans on sale; 售完 sells them out. Each change is told in the estate's news feed. The write runs inside
 * `estates.updateEstate`, so saved new-home searches and favourites get their notices (src/backend/estate-notices.ts).
 * A sale status only moves forward (待售 → 期房 → 现房 → 尾房 → 售完); a move back is 400 naming the status it is in.
 */
export function registerXinfangConsoleRoutes(app: FastifyInstance, { db, sqlNow, estates }: BackendContext): void {
  const one = db.prepare(`${LOUPAN_SELECT} WHERE l.id = ?`);
  const typePrices = db.prepare('SELECT type_code, price FROM loupan_price WHERE loupan_id = ? ORDER BY type_code');
  const setTypePrice = db.prepare('UPDATE loupan_price SET price = ? WHERE loupan_id = ? AND type_code = ?');
  const areas = db.prepare('SELECT MIN(area) AS min, MAX(area) AS max FROM huxing WHERE loupan_id = ?');
  const setHeadline = db.prepare('UPDATE loupan SET avg_price = ?, total_min = ?, total_max = ? WHERE id = ?');
  const setPlanTotals = db.prepare('UPDATE huxing SET total_price = ROUND(? * area / 1000.0) / 10.0 WHERE loupan_id = ?');
  const setStatus = db.prepare('UPDATE loupan SET sale_status = ? WHERE id = ?');
  const setOpened = db.prepare('UPDATE loupan SET open_date = ? WHERE id = ?');
  const plansOnSale = db.prepare("UPDATE huxing SET status = '在售' WHERE loupan_id = ? AND status = '待售'");
  const plansSoldOut = db.prepare("UPDATE huxing SET status = '售完' WHERE loupan_id = ?");
  const news = db.prepare('INSERT INTO dongtai (loupan_id, kind, title, content, created_at) VALUES (?,?,?,?,?)');

  const reprice = (e: Row, price: number, at: string) => {
    const types = typePrices.all(e.id) as Row[];
    const ratio = e.avg_price > 0 ? price / e.avg_price : 1;
    const main = types[0]?.type_code as number | undefined;
    for (const t of types) setTypePrice.run(t.type_code === main ? price : Math.round(t.price * ratio), e.id, t.type_code);
    const span = areas.get(e.id) as { min: number | null; max: number | null };
    const min = span.min === null ? Math.round(e.total_min * ratio * 10) / 10 : totalOf(price, span.min);
    const max = span.max === null ? Math.round(e.total_max * ratio * 10) / 10 : totalOf(price, span.max);
    setHeadline.run(price, min, max, e.id);
    setPlanTotals.run(price, e.id);
    const word = price < e.avg_price ? '下调' : '上调';
    const was = e.avg_price > 0 ? `（原${e.avg_price}元/㎡）` : '';
    news.run(e.id, '优惠', `${e.alias}参考均价${word}`, `${e.alias}参考均价${word}至${price}元/㎡${was}，详情请咨询置业顾问。`, at);
  };

  const moveStatus = (e: Row, to: string, at: string) => {
    setStatus.run(to, e.id);
    if (e.sale_status === '待售') {
      setOpened.run(at.slice(0, 10), e.id);
      plansOnSale.run(e.id);
    }
    if (to === '售完') plansSoldOut.run(e.id);
    const title = e.sale_status === '待售' ? `${e.alias}盛大开盘` : `${e.alias}销售状态更新为${to === '售完' ? '售罄' : to}`;
    news.run(e.id, '开盘', title, `${title}，详情请咨询置业顾问。`, at);
  };

  app.post(
    '/api/house/console/update',
    {
      schema: {
        body: body(
          {
            houseId: int(1),
            price: int(1000, 1_000_000),
            saleStatus: { type: 'string', enum: [...SALE_STATUSES] },
            actor: str(30, 1),
          },
          ['houseId', 'actor'],
        ),
      },
    },
    async (req) => {
      const b = req.body as { houseId: number; price?: number; saleStatus?: string; actor: string };
      if (b.price === undefined && b.saleStatus === undefined) return fail(400, 'price: 请至少修改参考均价或销售状态中的一项');
      const e = one.get(b.houseId) as Row | undefined;
      if (!e) return fail(404, '楼盘不存在');
      const from = SALE_STATUSES.indexOf(e.sale_status);
      const to = b.saleStatus === undefined ? from : SALE_STATUSES.indexOf(b.saleStatus as (typeof SALE_STATUSES)[number]);
      if (to < from) return fail(400, `saleStatus: 楼盘已是${e.sale_status}，不能改为${b.saleStatus}`);
      const repriced = b.price !== undefined && b.price !== e.avg_price;
      const moved = to !== from;
      const at = sqlNow();
      estates.updateEstate(e.id, () => {
        if (repriced) reprice(e, b.price as number, at);
        if (moved) moveStatus(e, b.saleStatus as string, at);
      });
      req.log.info({ houseId: e.id, actor: b.actor, price: b.price, saleStatus: b.saleStatus }, 'estate updated by the console');
      return ok({ houseId: e.id, changed: repriced || moved, estate: loupanItem(one.get(e.id) as Row) });
    },
  );
}
