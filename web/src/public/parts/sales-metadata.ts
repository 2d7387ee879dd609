import type { SalesMetadata } from '@credence/shared';

/** The browser facts spec 1 section 3 sends with a sales form (sales_metadata). */
export function salesMetadata(): SalesMetadata {
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    windowSize: `${window.innerWidth}x${window.innerHeight}`,
    clientTimestamp: new Date().toISOString(),
    referrer: document.referrer,
    pageUrl: window.location.href,
  };
}
