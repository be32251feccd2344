import { takeScreenshots } from './screenshots.ts';

/**
 * `npm run shots -- [base] [out] target...`: full-page screenshots at a 375x812 phone viewport in Debian's Chromium,
 * for looking at what a page shows a person. A target is a path on base, an absolute URL, or an .html file from
 * `npx tsx test/ui/preview.tsx`. Defaults: http://localhost:3000, ./shots, the home page.
 */
const [base = 'http://localhost:3000', out = 'shots', ...targets] = process.argv.slice(2);
for (const { file, errors } of await takeScreenshots(base, out, targets.length ? targets : ['/'])) {
  process.stdout.write(`${file}${errors.map((e) => `\n  ${e}`).join('')}\n`);
}
