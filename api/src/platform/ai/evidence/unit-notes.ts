/** The unit a page's amounts are printed in, from its note ("(In millions of U.S. dollars)"), and the scale it gives them. */

/** The page's unit note ("(In millions of U.S. dollars)"), when it has one. */
export function unitNote(text: string): string | null {
  const m =
    /\(?\s*(in (?:millions|thousands|billions)[^)\n]*)\)?/i.exec(text) ??
    /\(\s*((?:dollars |u\.s\. dollars |\$ ?)?(?:millions|thousands|billions)(?: of [a-z. ]+)?)\s*\)/i.exec(text);
  return m ? m[1].trim() : null;
}

const SCALE_WORDS: [RegExp, number][] = [
  [/thousand/i, 1e3],
  [/million/i, 1e6],
  [/billion/i, 1e9],
];

/** The scale of a page's amounts from its unit note (1 when it has none). */
export function pageScale(page: { text: string }): number {
  return unitScale(unitNote(page.text));
}

/** The scale a unit note names (1 when none). */
export function unitScale(note: string | null | undefined): number {
  return (note ? SCALE_WORDS.find(([w]) => w.test(note))?.[1] : undefined) ?? 1;
}
