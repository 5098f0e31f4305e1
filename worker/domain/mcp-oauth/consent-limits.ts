// How long the consent form's fields may be (no zod here: the page's components may import it).
export const CONSENT_LIMITS = {
  /** The CSRF token: a SHA-256 in hex. */
  csrf: 64,
  /** "work, clients": a few tags, comma-separated. */
  contactTags: 500,
} as const;
