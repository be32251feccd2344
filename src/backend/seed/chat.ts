import type { DB } from '../db.ts';
import { Rng } from './rng.ts';

/**
 * Agent chat seed (issue 18). Every seeded agent signs in to the agent inbox (/agent/login) with their phone or their
 * uid (工号, `b100001`…) and this demo password: an agent without a row in `agent_password` (migration 17) has this
 * hash, so databases seeded before the migration have it too. Documented in README and src/backend/README.md.
 */
export const AGENT_DEMO_PASSWORD = 'Agent@2026';
/** scrypt (N=16384, r=8, p=1, 32 bytes) of AGENT_DEMO_PASSWORD with a fixed salt: a demo credential, not a secret. */
export const AGENT_DEMO_PASSWORD_HASH = 'scrypt$YWdlbnQtZGVtby1zYWx0MQ==$aoB9EwAqFJ2G+sQqI+ZS+GSSOH4yKQ7Jbqb234Dcbt0=';

/** The demo member's chat user id (its uid: the first member row of the seed). */
export const DEMO_MEMBER_CHAT_ID = 'm100001';

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
const sqlTime = (ms: number) => {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

const OPENERS = ['您好，这套房子还在吗？', '请问周末可以看房吗？', '您好，这个小区的物业费是多少？', '首付大概需要多少？'];
const ANSWERS = [
  '您好，还在的，业主诚心出售，随时可以看房。',
  '可以的，周六上午十点我带您过去，您看方便吗？',
  '物业费是每月每平米2.2元，包含电梯和公共照明。',
  '按首套三成算，首付大约需要45万左右，我可以帮您详细算一下。',
];
const FOLLOW_UPS = ['好的，谢谢！', '那我周六上午过去。', '明白了，我再考虑一下。', '麻烦发几张实拍图给我看看。'];
const CLOSERS = ['没问题，有任何问题随时联系我。', '好的，我整理好资料后发给您。', '收到，稍后发给您。'];

/**
 * A few conversations of the demo member with agents of 长沙 so /im/list is not empty: its own Rng stream (the seed
 * number xor a constant), run after every other step, so no row seeded before changes. The last message of the first
 * conversation is the agent's and unread. Returns the rows written.
 */
export function seedDemoChats(db: DB, seed: number, now: number): number {
  const rng = new Rng((seed ^ 0x18c4a7) >>> 0);
  const agents = db.prepare('SELECT uid FROM belonger WHERE city_id = 1 AND iskefu = 0 ORDER BY id LIMIT 12').pluck().all() as string[];
  if (agents.length === 0) return 0;
  const insert = db.prepare('INSERT INTO chat_record (user_id, target_id, msg_type, content, created_at) VALUES (?,?,?,?,?)');
  const state = db.prepare('INSERT OR REPLACE INTO chat_state (user_id, peer_id, read_up_to) VALUES (?,?,?)');
  let rows = 0;
  rng.sample(agents, 3).forEach((agent, i) => {
    // Oldest conversation first, so the first picked agent's is the newest.
    let t = now - (3 - i) * 26 * 3_600_000 - rng.int(0, 3_600_000);
    const say = (from: string, to: string, text: string) => {
      t += rng.int(60_000, 900_000);
      rows++;
      return Number(insert.run(from, to, 'text', text, sqlTime(t)).lastInsertRowid);
    };
    const k = rng.int(0, OPENERS.length - 1);
    say(DEMO_MEMBER_CHAT_ID, agent, OPENERS[k] as string);
    const answered = say(agent, DEMO_MEMBER_CHAT_ID, ANSWERS[k] as string);
    const last = say(DEMO_MEMBER_CHAT_ID, agent, rng.pick(FOLLOW_UPS));
    state.run(agent, DEMO_MEMBER_CHAT_ID, last);
    const closing = say(agent, DEMO_MEMBER_CHAT_ID, rng.pick(CLOSERS));
    // The member read every conversation but the newest one.
    state.run(DEMO_MEMBER_CHAT_ID, agent, i === 2 ? answered : closing);
  });
  return rows;
}
