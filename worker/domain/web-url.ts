import { z } from 'zod';
import { isSingleLineText, singleLineText } from './text-input';

// ADR 011: a URL a user or an import stores (website, avatar, photo, LinkedIn profile) is an
// http(s) address and nothing else: no javascript:, data:, vbscript: or file:, no
// credentials. It is judged by the WHATWG URL parser, the one browsers use for href and src.

const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HTTP_SCHEME = /^https?:\/\//i;

/**
 * The address as an http(s) URL, or null. "stripe.com/about" is read as https://; any
 * other scheme, a relative path, credentials or a host without a dot are refused.
 */
export function parseWebUrl(value: string): URL | null {
  const trimmed = value.trim();
  if (!trimmed || !isSingleLineText(trimmed)) return null;
  const candidate = HTTP_SCHEME.test(trimmed) ? trimmed : ANY_SCHEME.test(trimmed) || /^[/\\]/.test(trimmed) ? null : `https://${trimmed}`;
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !/[.:]/.test(url.hostname)) return null;
  return url;
}

/** What is stored for a web address: as typed when it names http(s), else with https:// in front; null when it is not one. */
export function webUrlOf(value: string): string | null {
  const url = parseWebUrl(value);
  if (!url) return null;
  const trimmed = value.trim();
  return HTTP_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Whether a stored value may be rendered as a link or image source (rows saved before ADR 011 may hold anything). */
export function isWebUrl(value: string | null | undefined): value is string {
  return Boolean(value && HTTP_SCHEME.test(value.trim()) && parseWebUrl(value));
}

export const WEB_URL_MESSAGE = 'must be an http(s) URL, e.g. https://example.com';

/** A web address field of at most `max` characters, stored as webUrlOf gives it; blank clears it. */
export function webUrlSchema(max: number, alsoAccept?: RegExp) {
  return singleLineText(max).transform((v, ctx) => {
    if (!v.trim()) return null;
    if (alsoAccept?.test(v.trim())) return v.trim();
    return webUrlOf(v) ?? (ctx.addIssue({ code: 'custom', message: WEB_URL_MESSAGE }), z.NEVER);
  });
}
