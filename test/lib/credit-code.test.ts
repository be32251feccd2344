import t from 'tap';
import { creditCodeCheckChar, isUnifiedSocialCreditCode } from '../../src/lib/credit-code.ts';

/** Issue 32: the unified social credit code of GB 32100-2015 and its check character. */

t.test('published codes pass: the check character is computed over the first 17 with the standard weights', async (t) => {
  // The standard's worked example, and the codes printed on the licences of well-known companies.
  for (const code of ['91350100M000100Y43', '91330100799655058B', '914403001922038216', '91110000802100433B', '91440300708461136T'])
    t.ok(isUnifiedSocialCreditCode(code), code);
  t.equal(creditCodeCheckChar('91350100M000100Y4'), '3');
  t.equal(creditCodeCheckChar('91330100799655058'), 'B', 'a letter check character');
  t.equal(creditCodeCheckChar('91440300192203821'), '6');
});

t.test('the shipped code of registry.json passes', async (t) => {
  t.ok(isUnifiedSocialCreditCode('91430104MA4T6PQ58K'));
});

t.test('a wrong check character, a placeholder, a wrong length or a letter outside the alphabet fails', async (t) => {
  t.notOk(isUnifiedSocialCreditCode('91350100M000100Y44'), 'wrong check character');
  t.notOk(isUnifiedSocialCreditCode('91430100XXXXXXXXXX'), 'placeholder');
  t.notOk(isUnifiedSocialCreditCode('91350100M000100Y4'), '17 characters');
  t.notOk(isUnifiedSocialCreditCode('91350100M000100Y433'), '19 characters');
  t.notOk(isUnifiedSocialCreditCode('91350100m000100Y43'), 'lower case');
  t.notOk(isUnifiedSocialCreditCode('91350100I000100Y43'), 'I is not in the alphabet');
  t.notOk(isUnifiedSocialCreditCode('9135010AM000100Y43'), 'the administrative division is six digits');
  t.notOk(isUnifiedSocialCreditCode(''), 'empty');
  t.equal(creditCodeCheckChar('9135010OM000100Y4'), null, 'O is not in the alphabet');
  t.equal(creditCodeCheckChar('short'), null);
});

t.test('swapping two characters or changing one changes the check character', async (t) => {
  const code = '91430104MA4T6PQ58K';
  t.notOk(isUnifiedSocialCreditCode('91430104AM4T6PQ58K'), 'two swapped');
  t.notOk(isUnifiedSocialCreditCode('91430105MA4T6PQ58K'), 'one changed');
  t.ok(isUnifiedSocialCreditCode(code));
});
