import type { XiaoquItem } from '../contracts/gateway/index.ts';
import type { XiaoquCard } from '../contracts/page-data/xiaoqu.ts';

/** A community as a list card shows it (only the fields the card prints go into the page's state). */
export function xiaoquCardOf(x: XiaoquItem): XiaoquCard {
  return {
    stressId: x.stressId,
    name: x.name,
    img: x.img,
    regionName: x.regionName ?? null,
    shopMapName: x.shopMapName ?? null,
    buildYear: x.buildYear,
    propertyType: x.propertyType,
    avgPrice: x.avgPrice,
    ratio: x.ratio ?? 0,
    ershoucount: x.ershoucount,
    zufangcount: x.zufangcount,
  };
}
