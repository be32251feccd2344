import t from 'tap';
import { safeReturnPath } from '../../src/lib/return-url.ts';

t.test('same-site paths are kept with their query', async (t) => {
  t.equal(safeReturnPath('/ershoufang/12.html?from=list'), '/ershoufang/12.html?from=list');
  t.equal(safeReturnPath('/im/session?belongerId=3&uid=u9'), '/im/session?belongerId=3&uid=u9');
});

t.test('anything that could leave the site falls back to home', async (t) => {
  for (const bad of ['https://evil.com/', '//evil.com/x', '/\\evil.com', 'javascript:alert(1)', 'ershoufang', '', '/a\nb', undefined, 42]) {
    t.equal(safeReturnPath(bad), '/', String(bad));
  }
});
