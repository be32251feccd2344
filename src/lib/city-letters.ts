import { pinyin } from 'pinyin-pro';

/**
 * The city picker's letters (issue 14), server side only (pinyin-pro stays out of the browser bundle): a city's full
 * pinyin when the gateway gave none, its initials (`长沙` → `cs`) and its A–Z index letter.
 */
export const cityPinyin = (name: string): string => pinyin(name, { toneType: 'none', separator: '' }).toLowerCase();

export const cityInitials = (name: string): string =>
  pinyin(name, { pattern: 'first', toneType: 'none', separator: '' })
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The index letter: the first letter of the pinyin, upper-case; `#` for a name without one. */
export function cityInitial(pinyinText: string, name: string): string {
  const first = (pinyinText || cityPinyin(name)).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}
