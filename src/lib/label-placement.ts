/**
 * Label placement without overlap (issue 14 part D, issue 34): the labels of a map are placed one after the other in
 * the order of their priority; each takes the first of its candidate positions that meets no label placed before, no
 * obstacle (a dot, the pin) and stays inside the bounds; a label with no such position is left out (its dot and its
 * legend line stay). Pure and deterministic, so the server's render and the browser's hydration place the same way.
 */

/** A box in the map's own units: left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlaceOptions {
  /** what no label may cover (dots, the pin, fixed titles) */
  obstacles?: Box[];
  /** where every label must stay inside */
  bounds?: Box;
  /** the least room between two boxes */
  gap?: number;
}

/** Two boxes meet when they overlap or come closer than `gap`. */
export function boxesMeet(a: Box, b: Box, gap = 0): boolean {
  return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

function inside(a: Box, bounds: Box): boolean {
  return a.x >= bounds.x && a.y >= bounds.y && a.x + a.w <= bounds.x + bounds.w && a.y + a.h <= bounds.y + bounds.h;
}

/** A label to place: where it may go, in order of preference, and what it must not cover besides the common obstacles. */
export interface LabelRequest {
  candidates: Box[];
  obstacles?: Box[];
  /** what it covers only when no candidate avoids it */
  soft?: Box[];
}

/**
 * The candidate each label takes (its index in `candidates`), or null when it is left out. The requests are in order
 * of priority: the first is placed first.
 */
export function placeLabels(requests: LabelRequest[], opts: PlaceOptions = {}): Array<number | null> {
  const gap = opts.gap ?? 0;
  const taken: Box[] = [];
  const obstacles = opts.obstacles ?? [];
  return requests.map((r) => {
    const fits = (box: Box, avoid: Box[]) =>
      (!opts.bounds || inside(box, opts.bounds)) &&
      !taken.some((t) => boxesMeet(box, t, gap)) &&
      ![...obstacles, ...avoid].some((o) => boxesMeet(box, o));
    const strict = [...(r.obstacles ?? []), ...(r.soft ?? [])];
    let at = r.candidates.findIndex((box) => fits(box, strict));
    if (at < 0 && r.soft?.length) at = r.candidates.findIndex((box) => fits(box, r.obstacles ?? []));
    if (at < 0) return null;
    taken.push(r.candidates[at] as Box);
    return at;
  });
}

/**
 * The width of a line of text at a font size, as the site's fonts draw it: a full-width (CJK) character is 1 em, a
 * digit, Latin letter or space about 0.6 em. An estimate on the safe side, for placing labels on the server.
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += (ch.codePointAt(0) ?? 0) > 0x2e7f ? 1 : 0.6;
  return em * fontSize;
}

/** The line box of a text at a font size around its baseline (CJK fonts: 1.16 em above, 0.31 em below). */
export function textBox(left: number, baseline: number, width: number, fontSize: number): Box {
  return { x: left, y: baseline - 1.16 * fontSize, w: width, h: 1.47 * fontSize };
}
