import path from 'node:path';
import Database from 'better-sqlite3';
import type { MemberInfo } from '../../src/api/types.ts';

/** Register a real member through the embedded backend's account calls (SMS code read from its database). */
export async function registerMember(backend: { url: string; dataDir: string }, phone: string, nickName = '测试买家'): Promise<MemberInfo> {
  const post = async (p: string, body: unknown) => {
    const r = await fetch(`${backend.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await r.json()) as { status: number; obj: unknown; message?: string };
  };
  await post('/api/member/sendSmsCode', { phone, purpose: 'register' });
  const db = new Database(path.join(backend.dataDir, 'portal.db'), { readonly: true });
  const code = db.prepare('SELECT code FROM sms_code WHERE phone = ? ORDER BY id DESC').pluck().get(phone) as string;
  db.close();
  const reg = await post('/api/member/register', { phone, password: 'secret123', code, nickName });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.message}`);
  return reg.obj as MemberInfo;
}

/** Rows of the backend database (read-only), for asserting that a write was saved. */
export function backendRows(backend: { dataDir: string }, sql: string, ...args: unknown[]): Array<Record<string, unknown>> {
  const db = new Database(path.join(backend.dataDir, 'portal.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

/** Text of every match of a regex's first group. */
export const all = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => m[1] as string);
