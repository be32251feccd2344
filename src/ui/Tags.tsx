/** A listing's tags as one line of chips, the first highlighted; nothing when there are none. */
export function Tags({ tags, className }: { tags: readonly string[]; className: string }) {
  if (!tags.length) return null;
  return (
    <p className={className}>
      {tags.map((t, i) => (
        <span key={t} className={`tag${i === 0 ? ' tag--hl' : ''}`}>
          {t}
        </span>
      ))}
    </p>
  );
}
