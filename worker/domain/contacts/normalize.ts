// How identifiers and names are compared. DESIGN "Data": emails lower-cased and trimmed,
// phones in E.164-like digits, handles lower-cased without '@', LinkedIn by profile slug.

/** Lower-cases and strips accents, for sorting and case/accent-insensitive comparison. */
export function foldText(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Keeps a leading '+' and the digits: "+1 (415) 555-0100" -> "+14155550100". */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) return `+${digits.slice(2)}`;
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

export function normalizeHandle(value: string): string {
  return value.trim().replace(/^@+/, '').toLowerCase();
}

/** "https://www.linkedin.com/in/Ada-Lovelace/?x=1" -> "ada-lovelace"; a bare slug passes through. */
export function linkedinSlug(value: string): string {
  const trimmed = value.trim();
  const match = trimmed.match(/linkedin\.com\/(?:in|pub)\/([^/?#]+)/i);
  const slug = match ? match[1]! : trimmed.replace(/^\/+|\/+$/g, '');
  try {
    return decodeURIComponent(slug).toLowerCase();
  } catch {
    return slug.toLowerCase();
  }
}

export function fullNameOf(first: string | null | undefined, last: string | null | undefined): string {
  return [first?.trim(), last?.trim()].filter(Boolean).join(' ');
}

export function tagNorm(tag: string): string {
  return tag.trim().toLowerCase();
}
