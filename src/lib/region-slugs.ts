import type { LocationDict } from '../contracts/gateway/location.ts';

/*
 * The path slugs of a city's regions, shared by the second-hand, rental, new-home, school and community lists. A module
 * of its own, so a list that only needs the slugs (the new-home list) does not load the second-hand filter tables
 * (issue 20).
 */

/** Pinyin of the characters in district names; a name with an unknown character falls back to `qy{id}`. */
const PINYIN: Record<string, string> = {
  岳: 'yue',
  麓: 'lu',
  芙: 'fu',
  蓉: 'rong',
  天: 'tian',
  心: 'xin',
  开: 'kai',
  福: 'fu',
  雨: 'yu',
  花: 'hua',
  望: 'wang',
  城: 'cheng',
  长: 'chang',
  沙: 'sha',
  县: 'xian',
  浏: 'liu',
  阳: 'yang',
  市: 'shi',
  江: 'jiang',
  岸: 'an',
  汉: 'han',
  硚: 'qiao',
  口: 'kou',
  武: 'wu',
  昌: 'chang',
  洪: 'hong',
  山: 'shan',
  东: 'dong',
  西: 'xi',
  湖: 'hu',
  夏: 'xia',
  高: 'gao',
  新: 'xin',
  青: 'qing',
  云: 'yun',
  谱: 'pu',
  红: 'hong',
  谷: 'gu',
  滩: 'tan',
  建: 'jian',
  南: 'nan',
  元: 'yuan',
  芦: 'lu',
  淞: 'song',
  荷: 'he',
  塘: 'tang',
  石: 'shi',
  峰: 'feng',
  渌: 'lu',
  楼: 'lou',
  经: 'jing',
  君: 'jun',
  溪: 'xi',
  汨: 'mi',
  罗: 'luo',
  蒸: 'zheng',
  湘: 'xiang',
  鼓: 'gu',
  珠: 'zhu',
  晖: 'hui',
  雁: 'yan',
  衡: 'heng',
  区: 'qu',
  北: 'bei',
  中: 'zhong',
  宁: 'ning',
  金: 'jin',
  海: 'hai',
  平: 'ping',
  安: 'an',
  华: 'hua',
};

function pinyinOf(name: string): string | null {
  const base = name.length > 2 && name.endsWith('区') ? name.slice(0, -1) : name;
  let out = '';
  for (const ch of base) {
    const p = PINYIN[ch];
    if (!p) return null;
    out += p;
  }
  return out || null;
}

/** Slug of every region of a city: pinyin (岳麓区 → yuelu), `qy{id}` when unknown or when two regions collide. */
const slugsByRegions = new WeakMap<LocationDict['regions'], Map<number, string>>();

/** Memoised per regions list: a list page builds a hundred filter links from one dictionary. */
export function regionSlugs(regions: LocationDict['regions']): Map<number, string> {
  let slugs = slugsByRegions.get(regions);
  if (!slugs) {
    slugs = computeRegionSlugs(regions);
    slugsByRegions.set(regions, slugs);
  }
  return slugs;
}

function computeRegionSlugs(regions: LocationDict['regions']): Map<number, string> {
  const first = new Map<string, number>();
  const out = new Map<number, string>();
  for (const r of regions) {
    const p = pinyinOf(r.regionName);
    if (p && !first.has(p)) {
      first.set(p, r.regionId);
      out.set(r.regionId, p);
    } else out.set(r.regionId, `qy${r.regionId}`);
  }
  return out;
}
