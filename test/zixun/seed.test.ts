import t from 'tap';
import { articleBlocks, blocksText } from '../../src/backend/seed/articles.ts';
import { FULL_COUNTS } from '../../src/backend/seed/index.ts';
import { Rng } from '../../src/backend/seed/rng.ts';
import { INFO_TYPES } from '../../src/backend/seed/words.ts';

/** Issue 15: seeded article bodies are structured blocks of 600 to 2,000 characters, per city and type; 200+ a city. */
const vars = {
  city: '长沙',
  region: '岳麓区',
  loupan: '中海·翡翠滨江府',
  month: 9,
  n: 120,
  pct: 12.5,
  price: 13500,
  rent: 2400,
  developer: '中建',
  cityPrice: 11202,
  cityTrend: '下降0.3%',
  regionPrice: 12656,
  regionTrend: '上涨0.2%',
  deals: 1830,
  dealsTrend: '上涨4.1%',
};

t.test('every type’s body: 600 to 2,000 characters, headings, a picture, the estate it mentions, the city named', async (t) => {
  for (const type of INFO_TYPES) {
    for (let seed = 1; seed <= 40; seed++) {
      const blocks = articleBlocks(new Rng(seed), type, vars, seed, 7);
      const text = blocksText(blocks);
      if (text.length < 600 || text.length > 2000) t.fail(`${type} #${seed}: ${text.length} characters`);
      if (!blocks.some((b) => b.type === 'heading')) t.fail(`${type} #${seed}: no heading`);
      if (!blocks.some((b) => b.type === 'image' && b.src.startsWith('/img/article/'))) t.fail(`${type} #${seed}: no picture`);
      if (!blocks.some((b) => b.type === 'listing' && b.houseId === 7)) t.fail(`${type} #${seed}: no estate card`);
      if (/\{\w+\}/.test(text)) t.fail(`${type} #${seed}: an unfilled placeholder`);
    }
    t.pass(type);
  }
  t.match(blocksText(articleBlocks(new Rng(3), '楼市动态', vars, 1, null)), '长沙');
});

t.test('the same seed gives the same body', async (t) => {
  t.same(articleBlocks(new Rng(9), '政策解读', vars, 1, 2), articleBlocks(new Rng(9), '政策解读', vars, 1, 2));
});

t.test('at least 200 articles per city in the full data set', async (t) => {
  t.ok(FULL_COUNTS.articles >= 200);
});
