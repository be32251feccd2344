import t from 'tap';
import { backendRows, registerMember } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 34 on a second-hand detail at 375x812: the follow count is legible (at least 12 px) and shown whole, not
 * clipped by its chip, and the community card names the community in full, on one uncut line.
 */
t.test('a second-hand detail’s follow count is legible and its community is named in full', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const [row] = backendRows(
    e2e.backend,
    `SELECT l.id, x.name FROM listing l JOIN xiaoqu x ON x.id = l.xiaoqu_id
     WHERE l.city_id = 1 AND l.house_type = 11 AND l.status = 1 AND length(x.name) > length(x.sname) ORDER BY l.id LIMIT 1`,
  ) as Array<{ id: number; name: string }>;
  if (!row) throw new Error('no listing in a community with a short name');
  const member = await registerMember(e2e.backend, '13834349035', '关注者');
  await fetch(`${e2e.backend.url}/api/house/collect/add/${row.id}/${member.uid}`);

  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/ershoufang/${row.id}.html`, { waitUntil: 'networkidle' });
  const chip = page.locator('[data-testid="follow-count"]');
  await chip.scrollIntoViewIfNeeded();
  t.equal(await chip.textContent(), '1人关注');
  const m = await chip.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return {
      fontSize: Number.parseFloat(getComputedStyle(el).fontSize),
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
      textInside:
        text.left >= box.left - 0.5 && text.right <= box.right + 0.5 && text.top >= box.top - 0.5 && text.bottom <= box.bottom + 0.5,
    };
  });
  t.ok(m.fontSize >= 12, `the count is at least 12 px (${m.fontSize})`);
  t.ok(m.scrollWidth <= m.clientWidth, `not clipped sideways (${m.scrollWidth} <= ${m.clientWidth})`);
  t.ok(m.scrollHeight <= m.clientHeight, `not clipped top or bottom (${m.scrollHeight} <= ${m.clientHeight})`);
  t.ok(m.textInside, 'its text lies inside its chip');

  const name = page.locator('.dt-xq__name');
  await name.scrollIntoViewIfNeeded();
  t.equal(await name.textContent(), row.name, `the community card says ${row.name}`);
  const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
  t.notOk(cut, 'on an uncut line');
  t.same(errors, [], 'no console errors or hydration warnings');
});
