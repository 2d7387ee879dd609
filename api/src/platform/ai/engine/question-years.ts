/** Fiscal years as questions name them, for every analyst (the register, US equity): pure functions, linear time. */

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** "last 3 years", "past three years", "five-year" → N. */
export function recentYearsIn(text: string): number | undefined {
  const match =
    /\b(?:last|past|previous|recent)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:financial |fiscal )?years?\b|\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)[- ]years?\b(?! ago)/.exec(
      text,
    );
  if (!match) return /\b(?:last|latest|most recent) (?:financial |fiscal )?year\b/.test(text) ? 1 : undefined;
  const word = match[1] ?? match[2];
  const n = NUMBER_WORDS[word] ?? Number(word);
  return Number.isInteger(n) && n >= 1 && n <= 20 ? n : undefined;
}

/** A range of fiscal years ("between 2022 and 2024", "from FY2021 to FY2023", "2021-2023"): every year in it, oldest first. */
export function yearRangeIn(text: string, now: Date): number[] | null {
  const match =
    /\b(?:between|from)\s+(?:fy\s?)?((?:19|20)\d{2})\s+(?:and|to|until|through)\s+(?:fy\s?)?((?:19|20)\d{2})\b/.exec(text) ??
    /\b(?:fy\s?)?((?:19|20)\d{2})\s?(?:-|–|to)\s?(?:fy\s?)?((?:19|20)\d{2})\b/.exec(text);
  if (!match) return null;
  const [from, to] = [Number(match[1]), Number(match[2])].sort((a, b) => a - b);
  if (from === to || to - from > 20 || to > now.getUTCFullYear() + 1) return null;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Fiscal years named: "FY2023", "FY23", "2022", "2021/22" (→ 2022). */
export function yearsIn(text: string, now: Date): number[] {
  const years = new Set<number>();
  const max = now.getUTCFullYear() + 1;
  for (const m of text.matchAll(/\bfy\s?'?(\d{4}|\d{2})\b|\b((?:19|20)\d{2})(?:\s?[/-]\s?(\d{2}))?\b/g)) {
    let year: number;
    if (m[1]) year = m[1].length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
    else year = m[3] ? Number(m[2].slice(0, 2) + m[3]) : Number(m[2]);
    if (year >= 1900 && year <= max) years.add(year);
  }
  return [...years].sort((a, b) => a - b);
}
