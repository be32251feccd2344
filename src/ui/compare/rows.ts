import type { CompareHome } from '../../contracts/page-data/duibi.ts';
import { type BestRule, bestOf, type CompareKind, rowDiffers } from '../../lib/compare.ts';
import { fenToYuanGrouped } from '../../lib/loan.ts';
import { saleStatusView } from '../../lib/sale-status.ts';
import {
  areaText,
  buildYearText,
  dayText,
  distanceText,
  estateTotalText,
  floorText,
  layoutFact,
  perSquareText,
  rentText,
  totalPriceText,
} from '../detail/figures.ts';
import { num } from '../paths.ts';

/** One fact of the comparison: its label, each home's text, the best columns and whether the homes differ. */
export interface CompareRow {
  key: string;
  label: string;
  cells: string[];
  best: number[];
  differs: boolean;
}

/** A fact as each home has it: the text shown (with the detail's formatting) and the number weighed for "best". */
interface Fact {
  key: string;
  label: string;
  rule: BestRule;
  of: (h: CompareHome) => { text: string; value?: number | null };
}

const NONE = '—';
const text = (s: string | null | undefined) => ({ text: s || NONE });

const school: Fact = { key: 'school', label: '对口学校', rule: null, of: (h) => text(h.school?.name) };
const metro: Fact = {
  key: 'metro',
  label: '最近地铁',
  rule: 'low',
  of: (h) => (h.station ? { text: `${h.station.name}站 ${distanceText(h.station.distance)}`, value: h.station.distance } : text(null)),
};
const monthly = (label: string): Fact => ({
  key: 'monthly',
  label,
  rule: 'low',
  of: (h) => (h.monthly !== null ? { text: `${fenToYuanGrouped(h.monthly)}元`, value: h.monthly } : text(null)),
});

/** Second-hand homes and rentals share the building's facts. */
const building = (l: (h: CompareHome) => NonNullable<CompareHome['listing']>): Fact[] => [
  { key: 'floor', label: '楼层', rule: null, of: (h) => text(floorText(l(h))) },
  { key: 'orientation', label: '朝向', rule: null, of: (h) => text(l(h).orientation) },
  { key: 'age', label: '年代', rule: 'high', of: (h) => ({ text: buildYearText(l(h).buildYear) || NONE, value: l(h).buildYear || null }) },
  { key: 'decoration', label: '装修', rule: null, of: (h) => text(l(h).decoration) },
  {
    key: 'communityAvg',
    label: '小区均价',
    rule: null,
    of: (h) => text(h.communityAvg ? perSquareText(h.communityAvg) : '暂无均价'),
  },
];

function factsOf(kind: CompareKind, loanTerms: string): Fact[] {
  if (kind === 'xinfang') {
    const e = (h: CompareHome) => h.estate as NonNullable<CompareHome['estate']>;
    return [
      {
        key: 'price',
        label: '参考均价',
        rule: 'low',
        of: (h) => ({ text: e(h).price ? perSquareText(e(h).price) : '待定', value: e(h).price || null }),
      },
      { key: 'total', label: '参考总价', rule: 'low', of: (h) => ({ text: estateTotalText(e(h)), value: e(h).totalMin || null }) },
      {
        key: 'layout',
        label: '户型',
        rule: null,
        of: (h) =>
          text(
            e(h)
              .rooms.map((r) => `${r}室`)
              .join('/'),
          ),
      },
      {
        key: 'area',
        label: '建面',
        rule: 'high',
        of: (h) => {
          const { areaMin: lo, areaMax: hi } = e(h);
          if (lo === null || hi === null) return text(null);
          return { text: lo === hi ? areaText(lo) : `${num(lo)}-${areaText(hi)}`, value: hi };
        },
      },
      { key: 'status', label: '销售状态', rule: null, of: (h) => text(saleStatusView(e(h).saleStatus).label) },
      { key: 'decoration', label: '装修', rule: null, of: (h) => text(e(h).decoration) },
      { key: 'handover', label: '交房时间', rule: null, of: (h) => text(dayText(e(h).handoverDate)) },
      { key: 'term', label: '产权年限', rule: null, of: (h) => text(e(h).termYears ? `${e(h).termYears}年` : '') },
      { ...school, label: '周边学校' },
      metro,
      monthly(`月供（最低总价，${loanTerms}）`),
    ];
  }
  const l = (h: CompareHome) => h.listing as NonNullable<CompareHome['listing']>;
  if (kind === 'zufang') {
    return [
      { key: 'price', label: '租金', rule: 'low', of: (h) => ({ text: rentText(l(h).price), value: l(h).price }) },
      { key: 'area', label: '面积', rule: 'high', of: (h) => ({ text: areaText(l(h).area), value: l(h).area }) },
      { key: 'layout', label: '户型', rule: null, of: (h) => text(layoutFact(l(h).huxing)) },
      { key: 'rentType', label: '方式', rule: null, of: (h) => text(l(h).rentType) },
      { key: 'payType', label: '付款', rule: null, of: (h) => text(l(h).payType) },
      ...building(l),
      school,
      metro,
    ];
  }
  return [
    { key: 'price', label: '总价', rule: 'low', of: (h) => ({ text: totalPriceText(l(h).price), value: l(h).price }) },
    { key: 'unitPrice', label: '单价', rule: 'low', of: (h) => ({ text: perSquareText(l(h).unitPrice), value: l(h).unitPrice }) },
    { key: 'area', label: '建面', rule: 'high', of: (h) => ({ text: areaText(l(h).area), value: l(h).area }) },
    { key: 'layout', label: '户型', rule: null, of: (h) => text(layoutFact(l(h).huxing)) },
    ...building(l),
    school,
    metro,
    monthly(`月供（${loanTerms}）`),
  ];
}

/**
 * The rows of a comparison: one per fact of the kind (a rental has no unit price or monthly payment; an estate has
 * its average, price band and plans), each cell formatted as the detail page formats it (src/ui/detail/figures.ts),
 * the best value marked where lower or higher is plainly better, and rows whose texts differ flagged.
 */
export function compareRows(kind: CompareKind, homes: readonly CompareHome[], loanTerms: string): CompareRow[] {
  return factsOf(kind, loanTerms).map((f) => {
    const facts = homes.map((h) => f.of(h));
    const cells = facts.map((x) => x.text);
    return {
      key: f.key,
      label: f.label,
      cells,
      best: bestOf(
        facts.map((x) => x.value ?? null),
        f.rule,
      ),
      differs: rowDiffers(cells),
    };
  });
}
