import t from 'tap';
import { firstErshoufangDetail, startE2E } from './browser.ts';

/**
 * Issue 11 point 8: the Content-Security-Policy the server sends is one the pages satisfy. Chromium reports every
 * violation as a `securitypolicyviolation` event; a page is walked (hydrated, menu opened, a client navigation) and
 * must report none.
 */
t.test('home, a list and a detail raise no Content-Security-Policy violation in Chromium', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const detail = await firstErshoufangDetail(e2e);
  for (const path of ['/', '/ershoufang/', detail, '/xinfang/']) {
    const { page, errors } = await e2e.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const res = await page.goto(e2e.base + path, { waitUntil: 'networkidle' });
    t.match(res?.headers()['content-security-policy'], "script-src 'self'", `${path}: the policy is sent`);
    await page.locator('.hd__menu-btn').click();
    await page.locator('.menu__panel').waitFor();
    await page.waitForTimeout(200);
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    t.same(violations, [], `${path}: no violation`);
    t.same(
      errors.filter((e) => /Content Security Policy/i.test(e)),
      [],
      `${path}: no CSP message in the console`,
    );
    await page.close();
  }
});
