/**
 * The web app's route patterns (react-router syntax, listed by the build from the router itself:
 * "/login", "/reset-password/:token", "/docs/:id?", "/uk/*") as one test of a request path,
 * matched as the router matches them: case-insensitive, a trailing slash allowed, a splat also
 * matching its bare prefix.
 */
import { escapeRegExp } from '../text/escape-regexp.js';

function patternSource(pattern: string): string {
  let source = '';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') {
      source += '(?:/.*)?';
      continue;
    }
    const optional = segment.endsWith('?');
    const name = optional ? segment.slice(0, -1) : segment;
    const part = name.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(name)}`;
    source += optional ? `(?:${part})?` : part;
  }
  return `${source}/?`;
}

export function routeMatcher(patterns: readonly string[]): (path: string) => boolean {
  if (patterns.length === 0) return () => false;
  const test = new RegExp(`^(?:${patterns.map(patternSource).join('|')})$`, 'i');
  return (path) => test.test(path);
}
