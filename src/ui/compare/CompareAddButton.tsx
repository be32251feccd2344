import type { CompareKind } from '../../lib/compare.ts';

/**
 * A list card's 加入对比 (issue 37 part 4): markup only, no code of its own (the list page's JavaScript budget). It posts
 * the list's shared form `#cmp-form` without JavaScript (a member's list on the gateway; a visitor is asked to log in);
 * with it, CompareDock's one listener takes the tap (`data-compare`).
 */
export function CompareAddButton({ kind, houseId }: { kind: CompareKind; houseId: number }) {
  const item = `${kind}:${houseId}`;
  return (
    <button type="submit" form="cmp-form" name="item" value={item} className="cmp-add" data-compare={item} aria-label="加入对比">
      +对比
    </button>
  );
}
