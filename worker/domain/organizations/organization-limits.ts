// The characters of an organization's fields, shared by the API's schema (organization-input.ts)
// and the organization page's hints: no imports, so zod stays out of the browser's bundle.
export const ORGANIZATION_LIMITS = {
  name: 200,
  website: 500,
  industry: 200,
  location: 200,
  logoUrl: 2000,
  phone: 40,
  /** RFC 5321's longest address. */
  email: 254,
  notes: 20_000,
} as const;
