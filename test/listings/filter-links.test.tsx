import t from 'tap';
import { emptyQuery, type ListingQuery, type LocationDict } from '../../src/lib/listing-filters.ts';
import { FilterBar } from '../../src/ui/list/FilterBar.tsx';
import { render } from '../ui/helpers.tsx';

/**
 * The filter bar's links are kept per dictionary, list and bar state (issue 20): whatever was rendered before, each
 * state's bar links to the states one tap away from it, and a list of another kind or another dictionary its own.
 */
const dict: LocationDict = {
  regions: [
    { regionId: 3, regionName: '岳麓区' },
    { regionId: 4, regionName: '开福区' },
  ],
  shopMaps: [],
  metros: [],
};
const query = (over: Partial<ListingQuery>): ListingQuery => Object.assign(emptyQuery(), over);
const bar = (q: ListingQuery, kind: 'ershoufang' | 'zufang' = 'ershoufang', d: LocationDict = dict) =>
  render(<FilterBar kind={kind} base={`/${kind}/`} query={q} dict={d} />);

t.test('each bar state links to its own neighbours, rendered in any order', async (t) => {
  const plain = bar(query({}));
  const priced = bar(query({ price: 2, regionId: 4 }));
  const again = bar(query({}));
  t.equal(again, plain, 'the same state gives the same bar');
  t.match(plain, 'href="/ershoufang/p3/"', 'a price band from no filter');
  t.match(plain, 'href="/ershoufang/l2/"', 'a room count from no filter');
  t.match(priced, 'href="/ershoufang/kaifu/p3/"', 'another band keeps the district');
  t.match(priced, 'href="/ershoufang/kaifu/p2l2/"', 'a room count keeps the band and the district');
  t.notMatch(priced, 'href="/ershoufang/l2/"', "no link of the other state's");
  t.match(bar(query({ rooms: [2] })), 'href="/ershoufang/"', 'the chosen room count toggles off');
});

t.test('another list or another dictionary has links of its own', async (t) => {
  t.match(bar(query({ regionId: 4 }), 'zufang'), 'href="/zufang/kaifu/l2/"');
  const renamed: LocationDict = { ...dict, regions: [{ regionId: 4, regionName: '芙蓉区' }] };
  t.match(bar(query({ regionId: 4 }), 'ershoufang', renamed), 'href="/ershoufang/furong/l2/"');
  t.match(bar(query({ regionId: 4 })), 'href="/ershoufang/kaifu/l2/"');
});
