// The kinds, statuses and sources of a life event, and their words. No imports: the contact
// page and Home read these in the browser, and the schema (worker/db/schema/life-events.ts) too.

export const LIFE_EVENT_KINDS = [
  'new_job',
  'promotion',
  'left_company',
  'moved',
  'graduated',
  'engaged_married',
  'new_child',
  'birthday_milestone',
  'company_news',
  'published',
  'custom',
] as const;
export type LifeEventKind = (typeof LIFE_EVENT_KINDS)[number];

export const LIFE_EVENT_KIND_LABEL: Record<LifeEventKind, string> = {
  new_job: 'New job',
  promotion: 'Promotion',
  left_company: 'Left a company',
  moved: 'Moved',
  graduated: 'Graduated',
  engaged_married: 'Engaged or married',
  new_child: 'New child',
  birthday_milestone: 'Birthday milestone',
  company_news: 'Company news',
  published: 'Published',
  custom: 'Other',
};

/** What comes back every year, and what its yearly return is called. */
export const RECURRING_LABEL: Partial<Record<LifeEventKind, string>> = {
  new_job: 'Work anniversary',
  engaged_married: 'Wedding anniversary',
  new_child: 'Child’s birthday',
  custom: 'Anniversary',
};

export const LIFE_EVENT_STATUSES = ['proposed', 'accepted', 'dismissed'] as const;
export type LifeEventStatus = (typeof LIFE_EVENT_STATUSES)[number];

/** Where an event came from: typed by the user, or found in a field change or a message. */
export const LIFE_EVENT_SOURCES = ['manual', 'enrichment', 'extension', 'import', 'google', 'message', 'bio'] as const;
export type LifeEventSource = (typeof LIFE_EVENT_SOURCES)[number];

export const LIFE_EVENT_SOURCE_LABEL: Record<LifeEventSource, string> = {
  manual: 'Added by you',
  enrichment: 'Enrichment refresh',
  extension: 'LinkedIn extension',
  import: 'Import',
  google: 'Google sync',
  message: 'A message',
  bio: 'A bio',
};

/** The limits of an event's text. No zod here: the Life section's form reads these in the browser. */
export const LIFE_EVENT_LIMITS = { summary: 200, evidence: 2000 } as const;
