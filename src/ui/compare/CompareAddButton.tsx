/**
 * A list row's 加入对比 (issue 37 part 4): markup only, no code of its own (the lists' JavaScript budget). It posts the
 * list's shared form `#cmp-form` without JavaScript (a member's list on the gateway; a visitor is asked to log in); with
 * it, CompareEntry's one listener takes the tap (`data-compare`). A sibling of the row's link: a button inside a link is
 * not HTML.
 */
export function CompareAddButton({ item }: { item: string }) {
  return (
    <button type="submit" form="cmp-form" name="item" value={item} className="cmp-add" data-compare={item} aria-label="加入对比">
      +对比
    </button>
  );
}

/** The form every 加入对比 button of a list posts with when there is no JavaScript. */
export function CompareForm() {
  return <form id="cmp-form" className="cmp-form" method="post" action="/-/compare/add" />;
}
