import type { Database as DB } from 'better-sqlite3';
import { DAY_MS, sqlTime } from '../time.ts';
import type { CitySeed } from './cities.ts';
import { imageUrl } from './images.ts';
import { Rng } from './rng.ts';

const OPENINGS = [
  '带看很耐心，',
  '对小区情况非常熟悉，',
  '回复消息很及时，',
  '讲解税费和贷款很清楚，',
  '不催促，给足了考虑时间，',
  '周末也愿意陪着看房，',
  '主动帮我们和业主沟通价格，',
  '提前把房子的优缺点都讲明白了，',
];
const CLOSINGS = [
  '整体体验很好。',
  '推荐给身边的朋友。',
  '签约流程顺利。',
  '下次买房还找他。',
  '专业靠谱。',
  '服务态度值得点赞。',
  '有些细节还可以更主动一些。',
  '约看时间有时不太好协调。',
];
const NICKS = ['王先生', '李女士', '张先生', '刘女士', '陈先生', '杨女士', '赵先生', '黄女士', '周先生', '吴女士'];

/**
 * Members' reviews of a city's agents (issue 32: one rating for one agent), on their own random sequence so that no
 * other row changes; then every agent's rating and viewing count are set from their reviews and viewing records, the
 * numbers the broker page counts, so the agent card and the broker page agree. Returns the reviews written.
 */
export function seedAgentReviews(db: DB, city: CitySeed, seed: number, anchor: number): number {
  const rng = new Rng((seed ^ Math.imul(city.id + 15_485_863, 0x2545f491)) >>> 0);
  const agents = db.prepare('SELECT id FROM belonger WHERE city_id = ? AND iskefu = 0 ORDER BY id').pluck().all(city.id) as number[];
  const insert = db.prepare(
    `INSERT INTO dianping (city_id, loupan_id, listing_id, belonger_id, member_id, nick_name, head_url, score, content, images, created_at, aspects)
     VALUES (?, NULL, NULL, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
  );
  let written = 0;
  for (const id of agents) {
    // Most agents have a few reviews, a new one none yet.
    const n = rng.chance(0.1) ? 0 : rng.int(2, 9);
    for (let k = 0; k < n; k++) {
      const aspect = () =>
        rng.weighted([
          [5, 6],
          [4, 3],
          [3, 1],
        ] as const);
      const aspects = { professional: aspect(), attitude: aspect(), response: aspect() };
      const score = Math.round((aspects.professional + aspects.attitude + aspects.response) / 3);
      insert.run(
        city.id,
        id,
        `u${rng.digits(6)}`,
        rng.pick(NICKS),
        imageUrl('avatar', rng.int(1, 24)),
        score,
        `${rng.pick(OPENINGS)}${rng.pick(CLOSINGS)}`,
        sqlTime(anchor - rng.int(1, 300) * DAY_MS - rng.int(0, 36_000) * 1000),
        JSON.stringify(aspects),
      );
      written++;
    }
  }
  agentFigures(db).ofCity(city.id);
  return written;
}

/**
 * An agent's rating is the average of their reviews (0: none yet) and their viewings the count of their viewing
 * records: set for a city's agents after the seed, and for one agent after each review or viewing record is saved.
 */
export function agentFigures(db: DB): { ofCity(cityId: number): void; ofAgent(agentId: number): void } {
  const update = db.prepare(
    `UPDATE belonger SET
       score = COALESCE((SELECT ROUND(AVG(d.score), 1) FROM dianping d WHERE d.belonger_id = belonger.id), 0),
       daikan_count = (SELECT COUNT(*) FROM daikan k WHERE k.belonger_id = belonger.id)
     WHERE (@city IS NULL OR city_id = @city) AND (@agent IS NULL OR id = @agent)`,
  );
  return {
    ofCity: (cityId) => void update.run({ city: cityId, agent: null }),
    ofAgent: (agentId) => void update.run({ city: null, agent: agentId }),
  };
}
