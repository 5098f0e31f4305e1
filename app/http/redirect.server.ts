import { redirect as remixRedirect } from '@remix-run/cloudflare';

const UNSAFE_IN_HEADER = /[^\x21-\x7e]/gu;

/** Each UTF-8 byte of a character as %XX (a lone surrogate becomes U+FFFD). */
const percentEncode = (ch: string) =>
  [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * Remix's redirect, made total. A Location built from user input (a redirectTo, a route
 * param) can hold a newline, a control or a non-ASCII character, which is not a valid header
 * value: Remix's redirect throws on it and the page answers 500. Here such characters are
 * percent-encoded instead, so the target stays the same path and the header stays one line.
 * Use this, never '@remix-run/cloudflare' redirect (eslint enforces it).
 */
export function redirect(url: string, init?: number | ResponseInit): ReturnType<typeof remixRedirect> {
  return remixRedirect(url.replace(UNSAFE_IN_HEADER, percentEncode), init);
}
