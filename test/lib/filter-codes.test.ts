import t from 'tap';
import { COMMERCIAL_RENT_BANDS, RENT_PRICE_BANDS } from '../../src/lib/listing-filters.ts';
import { OVERSEAS_PRICE_BANDS } from '../../src/lib/overseas-filters.ts';

t.test('band labels read as the filter panels show them, from 10000 in 万', async (t) => {
  t.same(
    COMMERCIAL_RENT_BANDS.map((b) => b.label),
    ['5000元以下', '5000-1万元', '1-2万元', '2-3万元', '3-5万元', '5万元以上'],
  );
  t.same(COMMERCIAL_RENT_BANDS[1], { label: '5000-1万元', min: 5000, max: 10_000 });
  t.same(
    RENT_PRICE_BANDS.map((b) => b.label),
    ['500元以下', '500-1000元', '1000-2000元', '2000-3000元', '3000-5000元'],
    'the rental bands end at 5000元',
  );
  t.same(OVERSEAS_PRICE_BANDS[0], { label: '100万以下', max: 100 });
  t.same(OVERSEAS_PRICE_BANDS.at(-1), { label: '1000万以上', min: 1000 });
});
