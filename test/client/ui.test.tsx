import { renderToString } from 'react-dom/server';
import t from 'tap';
import { Router } from 'wouter';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { isClientHref } from '../../src/ui/client-href.ts';
import {
  attemptSrc,
  LAZY_ATTEMPTS,
  LAZY_FACTOR,
  LazyImage,
  lazyRootMargin,
  PLACEHOLDER_SRC,
  retryDelayMs,
} from '../../src/ui/LazyImage.tsx';
import { OpenAppButton } from '../../src/ui/OpenApp.tsx';
import { render } from '../ui/helpers.tsx';

t.test('AppLink: site paths navigate client-side, everything else stays a plain anchor', async (t) => {
  for (const href of ['/', '/ershoufang/', '/login?bUrl=%2F', '?page=2', '#top']) t.ok(isClientHref(href), href);
  for (const href of [
    '//evil.example/',
    '/\\evil',
    'https://other.example/',
    'tel:0731',
    'mailto:a@b.c',
    'javascript:alert(1)',
    '/-/data/x',
  ])
    t.notOk(isClientHref(href), href);
  t.notOk(isClientHref('/a', { target: '_blank' }), 'a new window');
  t.notOk(isClientHref('/a.apk', { download: '' }), 'a download');
  t.ok(isClientHref('/a', { target: '_self' }));
});

t.test('AppLink renders the same <a href> on the server as a plain link would', async (t) => {
  const html = renderToString(
    <Router ssrPath="/zufang/">
      <AppLink href="/ershoufang/" className="x">
        二手房
      </AppLink>
      <AppLink href="tel:0731-1">电话</AppLink>
    </Router>,
  );
  t.equal(html, '<a href="/ershoufang/" class="x">二手房</a><a href="tel:0731-1">电话</a>');
});

t.test(
  'LazyImage: the real src, natively lazy, with size on the server; 1.3 viewports ahead, 4 attempts with a retry parameter',
  async (t) => {
    t.equal(LAZY_FACTOR, 1.3);
    t.equal(LAZY_ATTEMPTS, 4);
    const html = renderToString(<LazyImage src="/img/a.jpg" alt="房源" width={120} height={90} />);
    t.match(html, 'src="/img/a.jpg"', 'the image loads without JavaScript (issue 34)');
    t.notMatch(html, PLACEHOLDER_SRC);
    t.match(html, 'loading="lazy"');
    t.match(html, 'decoding="async"');
    t.match(html, 'data-src="/img/a.jpg"');
    t.match(html, 'width="120"');
    t.match(html, 'height="90"');
    t.equal(lazyRootMargin(800), '240px 0px 240px 0px', '0.3 of the viewport beyond each edge');
    t.equal(attemptSrc('/a.jpg', 1), '/a.jpg');
    t.equal(attemptSrc('/a.jpg', 2), '/a.jpg?retry=2');
    t.equal(attemptSrc('/a.jpg?w=1#f', 3), '/a.jpg?w=1&retry=3#f');
    t.same([1, 2, 3].map(retryDelayMs), [500, 1000, 2000]);
  },
);

t.test('OpenAppButton is a link to /downloadapp/ before hydration', async (t) => {
  const html = render(<OpenAppButton className="b">打开APP</OpenAppButton>);
  t.equal(html, '<a href="/downloadapp/" class="b" data-open-app="">打开APP</a>');
});
