// The bounds of an important date, shared by the API's schema (important-dates.ts) and the
// contact page's date form: no imports, so zod stays out of the browser's bundle.
export const IMPORTANT_DATE_LIMITS = {
  /** Characters of a custom date's label. */
  label: 100,
  dayMin: 1,
  dayMax: 31,
  monthMin: 1,
  monthMax: 12,
  yearMin: 1900,
  yearMax: 2100,
} as const;
