import t from 'tap';
import { classUsed, closureOf, prefixesOf, subsetCss, tokensOf } from '../../scripts/css-split.ts';
import { clientRouteTable, compileClientRoutes } from '../../src/client/route-table.ts';

/** Issue 20 point 1: which rules of the stylesheet a page type keeps (scripts/css-split.ts). */

const used = (source: string) => {
  const tokens = tokensOf(source);
  const prefixes = prefixesOf(tokens);
  return (name: string) => classUsed(name, tokens, prefixes);
};

t.test('a class counts as used when the code names it, builds it from a prefix, or joins a block and a suffix', async (t) => {
  const use = used(`
    <div className="lcard lcard__title">
    <span className={\`tag--\${kind}\`} />
    const el = \`\${block}__price\`; const block = cond ? 'xf-item' : 'other';
  `);
  t.ok(use('lcard'), 'named');
  t.ok(use('lcard__title'), 'named with its element');
  t.ok(use('tag--hot'), 'a modifier built from a prefix');
  t.ok(use('xf-item__price'), 'a block joined to a suffix');
  t.notOk(use('lcard__img'), 'an element the code never names');
  t.notOk(use('im-bubble'), 'another screen’s block');
});

t.test('the subset keeps used rules in their order, drops the others, and keeps what has no class', async (t) => {
  const css = [
    ':root{--c:#00a862}',
    'body{margin:0}',
    '.hd{height:44px}',
    '.im-bubble{color:red}',
    '.hd .im-bubble,.hd__title{font-size:17px}',
    '.lcard:not(.is-off){opacity:1}',
    '@media (min-width:640px){.im-bubble{color:blue}.hd{height:56px}}',
    '@media (min-width:900px){.im-bubble{color:green}}',
    '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}',
  ].join('');
  const out = subsetCss(css, used('hd hd__title lcard'));
  t.equal(
    out,
    [
      ':root{--c:#00a862}',
      'body{margin:0}',
      '.hd{height:44px}',
      '.hd__title{font-size:17px}',
      '.lcard:not(.is-off){opacity:1}',
      '@media (min-width:640px){.hd{height:56px}}',
      '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}',
    ].join(''),
  );
});

t.test('a page module’s closure follows static and lazy imports but never the map of every screen', async (t) => {
  const root = (await import('node:path')).resolve(import.meta.dirname, '../..');
  const id = (p: string) => `${root}/${p}`;
  const edges: Record<string, string[]> = {
    [id('pages/home.tsx')]: [id('src/ui/Card.tsx'), id('node_modules/react/index.js')],
    [id('src/ui/Card.tsx')]: [id('src/ui/Lazy.tsx'), id('pages/modules.ts')],
    [id('src/ui/Lazy.tsx')]: [],
    [id('pages/modules.ts')]: [id('pages/other.tsx')],
  };
  const closure = closureOf(id('pages/home.tsx'), { imports: (m) => edges[m] ?? [] });
  t.same([...closure].sort(), [id('pages/home.tsx'), id('src/ui/Card.tsx'), id('src/ui/Lazy.tsx')]);
});

t.test('the route table carries the stylesheet of each screen a navigation can show', async (t) => {
  const file = { pages: [{ name: 'home', module: 'home', paths: ['/'] }], redirects: [] } as unknown as Parameters<
    typeof clientRouteTable
  >[0];
  const table = clientRouteTable(file, { home: '/assets/page-home-1.css', 'not-found': '/assets/page-nf-1.css', unused: '/assets/x.css' });
  t.same(table.css, { home: '/assets/page-home-1.css', 'not-found': '/assets/page-nf-1.css' });
  const routes = compileClientRoutes(table);
  t.equal(routes.styleOf('home'), '/assets/page-home-1.css');
  t.equal(routes.styleOf('unused'), null);
  t.equal(clientRouteTable(file).css, undefined, 'no per-page build: no map');
});
