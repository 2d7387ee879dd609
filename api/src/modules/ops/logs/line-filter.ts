/**
 * The merged tail's server-side filters (issue 28 §2), `grep` and `exclude`: literal text (any
 * case, shared lineMatches), or a regular expression written between slashes (`/ERROR|FATAL/`)
 * run by RE2JS, a linear-time engine with no backtracking: no pattern can make a line take
 * longer than its length times the pattern's size, so the filter runs on the event loop (docs/
 * decisions.md). Patterns are at most OPS_CONSTANTS.maxPatternLength characters, lines at most
 * maxLineBytes, and a pattern is compiled once per call, not per line.
 */
import { RE2JS } from 're2js';
import { lineMatches } from '@credence/shared';

const REGEX = /^\/(.+)\/$/s;

/** Why a filter's pattern cannot be used (a regular expression RE2 does not accept), or null. */
export function filterPatternError(pattern: string): string | null {
  const regex = REGEX.exec(pattern);
  if (!regex) return null;
  try {
    RE2JS.compile(regex[1], RE2JS.CASE_INSENSITIVE);
    return null;
  } catch (error) {
    return `is not a regular expression RE2 accepts (${(error as Error).message}); write literal text, or /regex/ without backreferences or lookaround`;
  }
}

/** A line test for one pattern: /regex/ (any case) or literal text (any case). */
export function linePattern(pattern: string): (line: string) => boolean {
  const regex = REGEX.exec(pattern);
  if (!regex) return (line) => lineMatches(line, pattern);
  const re = RE2JS.compile(regex[1], RE2JS.CASE_INSENSITIVE);
  return (line) => re.matcher(line).find();
}

/** The filter of a tail or watch: the line contains `grep` (if given) and not `exclude` (if given); null when neither is. */
export function lineFilter(q: { grep?: string; exclude?: string }): ((line: string) => boolean) | null {
  if (!q.grep && !q.exclude) return null;
  const keep = q.grep ? linePattern(q.grep) : null;
  const drop = q.exclude ? linePattern(q.exclude) : null;
  return (line) => (!keep || keep(line)) && !(drop && drop(line));
}
