/**
 * The public site's behaviour constants and small rules (spec 1 sections 4 and 9, spec 3 sections
 * 3, 4 and 9): typing speed, the landing counters, the header's scroll threshold, breakpoints and
 * the cookie-consent choice.
 */

export const TYPING_MS_PER_CHARACTER = 35;
export const COUNTER_DURATION_MS = 2000;
/** The header takes its scrolled style once the page has moved more than this. */
export const HEADER_SCROLL_THRESHOLD_PX = 20;
/** Below this width the header shows the menu button instead of its links. */
export const MOBILE_MENU_BELOW_PX = 1024;
export const FOOTER_MOBILE_BELOW_PX = 768;

export const COOKIE_CONSENT_KEY = 'cookie-consent';
export const COOKIE_BANNER_DELAY_MS = 1500;

/** The three landing statistics, counted up from zero. */
export const LANDING_COUNTERS = [
  { target: 100_000, label: 'companies indexed' },
  { target: 10_000_000, label: 'documents and filings' },
  { target: 15, label: 'years of market data' },
] as const;

/** 100000 → "100K+", 10000000 → "10M+", 15 → "15+" (values on the way up read the same way). */
export function formatCounter(value: number): string {
  const n = Math.max(0, Math.floor(value));
  if (n >= 1_000_000) return `${Math.floor(n / 1_000_000)}M+`;
  if (n >= 1000) return `${Math.floor(n / 1000)}K+`;
  return `${n}+`;
}

/** The counter's value `elapsedMs` into its run: eased out, exactly the target at the end. */
export function counterValue(target: number, elapsedMs: number, durationMs = COUNTER_DURATION_MS): number {
  if (elapsedMs <= 0) return 0;
  if (elapsedMs >= durationMs) return target;
  const t = elapsedMs / durationMs;
  return Math.floor(target * (1 - (1 - t) ** 3));
}

/** How much of a text the typing effect shows `elapsedMs` after it started. */
export function typedText(text: string, elapsedMs: number, msPerCharacter = TYPING_MS_PER_CHARACTER): string {
  return text.slice(0, Math.max(0, Math.floor(elapsedMs / msPerCharacter)));
}

export type CookieConsent = 'accepted' | 'declined';

/** The stored choice ("true" or "false" under the cookie-consent key), or null when none was made. */
export function readCookieConsent(stored: string | null | undefined): CookieConsent | null {
  if (stored === 'true') return 'accepted';
  if (stored === 'false') return 'declined';
  return null;
}

export function storedCookieConsent(choice: CookieConsent): 'true' | 'false' {
  return choice === 'accepted' ? 'true' : 'false';
}
