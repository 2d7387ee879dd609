/**
 * Build-time settings of the public site. The booking link behind Schedule a Call is set with
 * VITE_BOOKING_URL when the web app is built (any https scheduling page); without it the button
 * leads to the contact-sales form, so a fresh install makes no request to a third party.
 */
export const BOOKING_URL: string = import.meta.env.VITE_BOOKING_URL?.trim() || '/contact-sales';
export const CONTACT_EMAIL = 'hello@credence.example';
export const CAREERS_EMAIL = 'careers@credence.example';
export const PRIVACY_EMAIL = 'privacy@credence.example';

export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
