import type { BaikeBlock } from '../../contracts/gateway/info.ts';

/** A knowledge entry's body: headings and paragraphs as plain text (React escapes it; no markup is ever stored). */
export function BaikeBlocks({ blocks }: { blocks: BaikeBlock[] }) {
  return (
    <div className="bk-body">
      {blocks.map((b, i) =>
        b.type === 'h2' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are a fixed, ordered body
          <h2 key={i}>{b.text}</h2>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are a fixed, ordered body
          <p key={i}>{b.text}</p>
        ),
      )}
    </div>
  );
}
