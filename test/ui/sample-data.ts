import type { HomeData } from '../../src/ui/listing-types.ts';

/** A small, fixed home-page data set for tests and previews. */
export const sampleHomeData: HomeData = {
  xinfang: [
    {
      houseId: 101,
      name: '梅溪湖壹号院',
      regionName: '岳麓区',
      address: '梅溪湖路与环湖路交汇处',
      avgPrice: 16800,
      areaRange: '98-143㎡',
      saleStatus: '在售',
      propertyType: '住宅',
      tags: ['地铁沿线', '品牌房企', '精装交付'],
    },
    { houseId: 102, name: '湘江府', regionName: '开福区', areaRange: '120-180㎡', saleStatus: '待售', tags: ['江景'] },
  ],
  ershoufang: [
    {
      houseId: 2001,
      title: '万科魅力之城 南北通透三房 满五唯一 业主诚心出售',
      layout: '3室2厅',
      area: 118.5,
      orientation: '南北',
      communityName: '万科魅力之城',
      tags: ['满五年', '近地铁', '随时看房'],
      price: 168,
      unitPrice: 14177,
    },
    {
      houseId: 2002,
      title: '芙蓉华天 精装两房 拎包入住',
      room: 2,
      hall: 1,
      area: 89,
      orientation: '南',
      tags: ['精装修'],
      price: 95.5,
      unitPrice: 10730,
    },
  ],
  zufang: [
    {
      houseId: 3001,
      title: '整租·五一广场 地铁口 精装一室一厅',
      layout: '1室1厅',
      area: 52,
      orientation: '东南',
      tags: ['近地铁', '押一付一'],
      price: 2300,
      rentType: '整租',
    },
  ],
};
