// How identifiers and names are compared. DESIGN "Data": emails lower-cased and trimmed,
// phones in E.164-like digits, handles lower-cased without '@', LinkedIn by profile slug.
import { parseWebUrl } from '../web-url';

// Control and invisible format characters (NUL, zero-width space/joiners, word joiner, BOM,
// soft hyphen, direction marks) change no identifier: "ada\u200Blovelace" is "adalovelace".
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const withoutInvisibles = (value: string) => value.replace(INVISIBLE, '');

export function normalizeEmail(value: string): string {
  return withoutInvisibles(value).trim().toLowerCase();
}

/** Keeps a leading '+' and the digits: "+1 (415) 555-0100" -> "+14155550100". */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) return `+${digits.slice(2)}`;
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

export function normalizeHandle(value: string): string {
  return withoutInvisibles(value).trim().replace(/^@+/, '').toLowerCase();
}

/** "https://www.linkedin.com/in/Ada-Lovelace/?x=1" -> "ada-lovelace"; a bare slug passes through. */
export function linkedinSlug(value: string): string {
  const trimmed = withoutInvisibles(value).trim();
  const match = trimmed.match(/linkedin\.com\/(?:in|pub)\/([^/?#]+)/i);
  const slug = match ? match[1]! : trimmed.replace(/^\/+|\/+$/g, '');
  try {
    return withoutInvisibles(decodeURIComponent(slug)).toLowerCase();
  } catch {
    return slug.toLowerCase();
  }
}

const LINKEDIN_SLUG = /^[A-Za-z0-9\-_%]{2,100}$/;
const LINKEDIN_PROFILE_PATH = /^\/(?:in|pub)\/[^/]+/i;

/** A bare profile slug, or an http(s) URL of linkedin.com (or a subdomain) naming a profile under /in/ or /pub/. */
export function isLinkedinProfile(value: string): boolean {
  const trimmed = value.trim();
  if (LINKEDIN_SLUG.test(trimmed)) return true;
  const url = parseWebUrl(trimmed);
  if (!url || !(url.hostname === 'linkedin.com' || url.hostname.endsWith('.linkedin.com'))) return false;
  return LINKEDIN_PROFILE_PATH.test(url.pathname);
}

export function fullNameOf(first: string | null | undefined, last: string | null | undefined): string {
  return [first?.trim(), last?.trim()].filter(Boolean).join(' ');
}

export function tagNorm(tag: string): string {
  return tag.trim().toLowerCase();
}
