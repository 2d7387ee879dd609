import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { COOKIE_BANNER_DELAY_MS, COOKIE_CONSENT_KEY, readCookieConsent, storedCookieConsent, type CookieConsent } from '@credence/shared';
import { useMeasuredHeight } from '../../ui/use-measured-height.ts';
import './cookie-banner.css';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The cookie-consent banner (spec 3), on every page of the site and the app (the root layout
 * renders it): shown 1.5 s after the page opens when no choice is stored,
 * gone once accepted or declined, the choice kept under the cookie-consent key. Credence loads
 * nothing that needs consent (no analytics, trackers or third-party requests), so the choice
 * gates nothing yet; anything added later must read it first. Its text is short and small so it
 * never becomes a page's largest contentful paint when it appears (bench/public-site.js).
 */
export function CookieBanner({ delayMs = COOKIE_BANNER_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readCookieConsent(storage()?.getItem(COOKIE_CONSENT_KEY)) !== null) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  if (!visible) return null;

  const choose = (choice: CookieConsent) => {
    try {
      storage()?.setItem(COOKIE_CONSENT_KEY, storedCookieConsent(choice));
    } catch {
      // storage full or blocked: the banner still goes away for this visit
    }
    setVisible(false);
  };

  return <Banner onChoose={choose} />;
}

/**
 * The banner itself. Its height is kept in `--cookie-banner-height` while it shows, so the help
 * button (signed-in pages) floats above it rather than over its buttons (issue 27 §7).
 */
function Banner({ onChoose: choose }: { onChoose: (choice: CookieConsent) => void }) {
  const measured = useMeasuredHeight<HTMLElement>('--cookie-banner-height');
  return (
    <section ref={measured} className="cookie-banner" role="region" aria-label="Cookie consent">
      <p className="cookie-banner__text">
        We store only your sign-in and this choice; optional cookies only if you accept. <Link to="/privacy-policy">Privacy policy</Link>
      </p>
      <div className="cookie-banner__actions">
        <button type="button" className="button button--secondary" onClick={() => choose('declined')}>
          <span>Decline</span>
        </button>
        <button type="button" className="button button--primary" onClick={() => choose('accepted')}>
          <span>Accept</span>
        </button>
      </div>
    </section>
  );
}
