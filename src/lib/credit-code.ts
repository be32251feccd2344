/**
 * The unified social credit code (统一社会信用代码) of GB 32100-2015: 18 characters from a 31-character alphabet
 * (digits and capitals without I, O, Z, S, V) — the registering authority, the kind of entity, the six-digit
 * administrative division, the nine-character organisation code, and a check character over the first 17.
 */

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character of a code's first 17 characters, or null when they are not 17 characters of the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * (WEIGHTS[i] ?? 0);
  }
  return ALPHABET[(31 - (sum % 31)) % 31] ?? null;
}

/** True for an 18-character code of the right shape whose last character is its GB 32100-2015 check character. */
export function isUnifiedSocialCreditCode(code: string): boolean {
  return SHAPE.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
