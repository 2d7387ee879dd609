/** Where to go after signing in: the `redirect` parameter of /login, kept to this site's own paths. */

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';

/**
 * The redirect target when it is a path of this site ("/uk/?companyNumber=1"), else the fallback:
 * never another origin ("//evil.example", "https://...", "/\\evil"), never back to /login.
 */
export function safeRedirect(value: string | null | undefined, fallback = HOME_PATH): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, 'http://credence.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://credence.invalid') return fallback;
  if (url.pathname === LOGIN_PATH || url.pathname === `${LOGIN_PATH}/`) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the given address as its redirect parameter. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const here = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (here === '' || here === '/' || location.pathname === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: here }).toString()}`;
}

/** A link to another account page that carries the redirect parameter along. */
export function withRedirect(path: string, redirect: string | null): string {
  if (!redirect) return path;
  return `${path}?${new URLSearchParams({ redirect }).toString()}`;
}
