import t from 'tap';
import { PLACEHOLDER_SRC } from '../../src/ui/LazyImage.tsx';
import { buildAppOverBackend } from '../helpers/build.ts';

/** The content images of a page, in document order (the gallery's and the cards'; icons are inline SVG). */
function images(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
}

/** HTML attribute names are case-insensitive (React writes `fetchPriority`). */
const attr = (img: string, name: string) => img.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1];

/**
 * Issue 11 point 6: the first screen's image (the LCP element) is a plain <img src> that the browser fetches with
 * high priority while it parses the HTML; the images below the fold stay lazy (SPEC 2.8), natively: their real src
 * with loading="lazy", so a page without JavaScript shows them too (issue 34).
 */
t.test('the first image of a page loads at once with high priority; the later ones stay lazy', async (t) => {
  const { app } = await buildAppOverBackend(t);
  const list = await app.inject('/ershoufang/');
  const detail = list.body.match(/href="(\/ershoufang\/\d+\.html)"/)?.[1];
  t.ok(detail, 'the list links to a detail');
  const xfList = await app.inject('/xinfang/');
  const xfDetail = xfList.body.match(/href="(\/xinfang\/\d+\.html)"/)?.[1];
  t.ok(xfDetail, 'the new-home list links to a detail');

  for (const path of ['/', '/ershoufang/', '/xinfang/', detail as string, xfDetail as string]) {
    const res = await app.inject(path);
    t.equal(res.statusCode, 200, path);
    const imgs = images(res.body);
    t.ok(imgs.length > 3, `${path} has images`);
    const first = imgs[0];
    t.not(attr(first, 'src'), PLACEHOLDER_SRC, `${path}: the first image has its real src`);
    t.match(attr(first, 'src'), /^\/img\//, `${path}: the first image's src is the photo`);
    t.equal(attr(first, 'fetchpriority'), 'high', `${path}: the first image is fetched with high priority`);
    t.notOk(attr(first, 'loading') === 'lazy', `${path}: the first image is not lazy`);
    t.ok(attr(first, 'width') && attr(first, 'height'), `${path}: the first image has its size (no layout shift)`);
    const later = imgs.slice(1);
    t.same(
      later.filter((img) => attr(img, 'src') === PLACEHOLDER_SRC),
      [],
      `${path}: no image is left with the placeholder src (issue 34: they load without JavaScript)`,
    );
    const lazyLater = later.filter((img) => attr(img, 'loading') === 'lazy' && attr(img, 'src') === attr(img, 'data-src'));
    const highLater = imgs.slice(4).filter((img) => attr(img, 'fetchpriority') === 'high');
    t.equal(highLater.length, 0, `${path}: only the first screen's images ask for high priority`);
    if (!path.endsWith('.html')) t.ok(lazyLater.length > 0, `${path}: the images below the fold are natively lazy with their real src`);
  }
});
