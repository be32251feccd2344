/**
 * Issue 37 test helpers: the gateway calls that make a notice happen (a saved search, an entrustment listed by the
 * console), straight to a running gateway's HTTP port.
 */

// biome-ignore lint/suspicious/noExplicitAny: gateway answers read field by field.
export type Answer = { status: number; message: string; obj: any };

export async function gatewayPost(base: string, path: string, body: object): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer;
}

/** A 新房源 search of every second-hand home of 长沙 for `memberId`. */
export async function saveWholeList(base: string, memberId: string, sms = false): Promise<Answer> {
  return gatewayPost(base, '/api/savedSearch/save', {
    memberId,
    cityId: 1,
    list: 'ershoufang',
    url: '/ershoufang/',
    filter: { cityId: 1, houseType: 11 },
    name: '长沙二手房',
    wantNew: true,
    wantDrop: true,
    sms,
  });
}

/** An owner entrusts a home of a community of 长沙 and the console lists it (已受理 → 已上架): the entrustment's id. */
export async function listEntrustedHome(base: string, owner: string, price = 96): Promise<number> {
  const any = await gatewayPost(base, '/api/house/search/findByCondition', { cityId: 1, houseType: 11, size: 1 });
  const saved = await gatewayPost(base, '/api/entrust/save', {
    memberId: owner,
    cityId: 1,
    kind: 'sell',
    stressId: any.obj.content[0].stressId,
    area: 88,
    rooms: 3,
    price,
    contact: '业主',
    phone: '13912340037',
  });
  if (saved.status !== 200) throw new Error(saved.message);
  const id = saved.obj.id as number;
  await gatewayPost(base, '/api/entrust/transition', { id, to: '已受理', actor: '控制台' });
  const listed = await gatewayPost(base, '/api/entrust/transition', { id, to: '已上架', actor: '控制台' });
  if (listed.status !== 200) throw new Error(listed.message);
  return id;
}
