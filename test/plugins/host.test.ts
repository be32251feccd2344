import t from 'tap';
import { parseHost } from '../../plugins/city.ts';
import { readRegistry } from '../helpers/build.ts';

const site = { ...readRegistry().site, mobileHost: 'm.example.com', pcHost: 'www.example.com' };

t.test('the bare mobile host, localhost and IP hosts are the default city', async (t) => {
  for (const h of ['m.example.com', 'localhost', '127.0.0.1', '[::1]', 'M.EXAMPLE.COM.']) {
    t.same(parseHost(h, site), { siteKind: 'mobile', label: null }, h);
  }
});

t.test('<domain>.<mobileHost> carries the city label', async (t) => {
  t.same(parseHost('wh.m.example.com', site), { siteKind: 'mobile', label: 'wh' });
  t.same(parseHost('WH.m.example.com', site), { siteKind: 'mobile', label: 'wh' }, 'case-insensitive');
  t.same(parseHost('a.b.m.example.com', site), { siteKind: 'mobile', label: null }, 'nested labels are not a city');
});

t.test('the pcHost and its city sub-domains are the desktop site', async (t) => {
  t.same(parseHost('www.example.com', site), { siteKind: 'pc', label: null });
  t.same(parseHost('wh.www.example.com', site), { siteKind: 'pc', label: 'wh' });
});

t.test('with the development defaults, wh.localhost is a city and pc.localhost the desktop site', async (t) => {
  const dev = readRegistry().site;
  t.same(parseHost('wh.localhost', dev), { siteKind: 'mobile', label: 'wh' });
  t.same(parseHost(dev.pcHost, dev), { siteKind: 'pc', label: null });
});

t.test('an unrelated host is the default city on the mobile site', async (t) => {
  t.same(parseHost('evil.example.org', site), { siteKind: 'mobile', label: null });
});
