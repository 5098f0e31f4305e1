// Parsing happens against a stand-in origin: what matters is whether the value stays on
// whatever origin it is resolved against, which does not depend on the app's real one.
const HOME = 'https://kith.invalid';

/** Characters of a path to return to; a longer one is not followed. */
export const REDIRECT_MAX_LENGTH = 2000;

// Control characters (browsers strip tab/CR/LF, so "/\t/evil" becomes "//evil"), and
// backslashes (browsers read "\" as "/" in a path).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;
// In the path: "//" (a host follows), and encoded slashes or backslashes that a proxy or a
// later decode could turn back into one.
const UNSAFE_IN_PATH = /\/\/|%2f|%5c/i;

/**
 * A same-site path to send the user to after signing in, or `fallback`. Accepts only a
 * plain path ("/contacts?q=ada#top") whose raw form holds nothing a browser could read as
 * another host, and which, parsed as a URL, stays on the app's origin. The answer is the
 * parsed form, so it is always a valid Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/home'): string {
  if (typeof to !== 'string' || to.length > REDIRECT_MAX_LENGTH || !to.startsWith('/')) return fallback;
  if (CONTROL_OR_BACKSLASH.test(to)) return fallback;
  const path = to.split(/[?#]/, 1)[0]!;
  if (UNSAFE_IN_PATH.test(path)) return fallback;
  let url: URL;
  try {
    url = new URL(to, HOME);
  } catch {
    return fallback;
  }
  if (url.origin !== HOME || url.username || url.password) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
