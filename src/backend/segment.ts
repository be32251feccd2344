/**
 * Chinese-aware text segmentation for the FTS5 index. FTS5's trigram tokenizer cannot match two-character
 * words (most Chinese words), and unicode61 treats a run of Han characters as one token. So text is
 * pre-segmented: every Han run becomes its unigrams and bigrams separated by spaces; Latin words and numbers
 * stay whole (lower-cased). A query of n Han characters becomes the AND of its bigrams (or the unigram when
 * n = 1), which matches exactly the documents containing every bigram: in practice, containing the phrase.
 */
const RUN = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const HAN = /^\p{Script=Han}/u;

export function segmentForIndex(text: string): string {
  const out: string[] = [];
  for (const m of text.matchAll(RUN)) {
    const run = m[0];
    if (HAN.test(run)) {
      const chars = Array.from(run);
      for (let i = 0; i < chars.length; i++) {
        out.push(chars[i]);
        if (i + 1 < chars.length) out.push(chars[i] + chars[i + 1]);
      }
    } else {
      out.push(run.toLowerCase());
    }
  }
  return out.join(' ');
}

/** An FTS5 MATCH expression for a user's keyword, or null when the keyword has nothing searchable. */
export function segmentForQuery(text: string): string | null {
  const terms: string[] = [];
  for (const m of text.slice(0, 64).matchAll(RUN)) {
    const run = m[0];
    if (HAN.test(run)) {
      const chars = Array.from(run);
      if (chars.length === 1) terms.push(`"${chars[0]}"`);
      for (let i = 0; i + 1 < chars.length; i++) terms.push(`"${chars[i]}${chars[i + 1]}"`);
    } else {
      terms.push(`"${run.toLowerCase().replaceAll('"', '')}"*`);
    }
  }
  if (!terms.length) return null;
  return Array.from(new Set(terms)).slice(0, 24).join(' AND ');
}
