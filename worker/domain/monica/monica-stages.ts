// The order a Monica import walks the instance's lists in, and where each list is. Contacts
// come first (every later record names them), relationships second (both ends must exist).

export const MONICA_STAGES = [
  'contacts',
  'relationships',
  'groups',
  'notes',
  'activities',
  'calls',
  'conversations',
  'reminders',
  'tasks',
  'lifeevents',
  'gifts',
  'debts',
  'journal',
  'photos',
  'documents',
] as const;
export type MonicaStage = (typeof MONICA_STAGES)[number];

/** Where a run resumes: the stage and the page of its list not yet written. */
export interface MonicaResume {
  stage: MonicaStage;
  page: number;
}

export const STAGE_PATH: Record<MonicaStage, string> = {
  contacts: '/contacts?with=contactfields',
  // A second walk over the contacts: every relationship's two ends are in Kith by then.
  relationships: '/contacts',
  groups: '/groups',
  notes: '/notes',
  activities: '/activities',
  calls: '/calls',
  conversations: '/conversations',
  reminders: '/reminders',
  tasks: '/tasks',
  lifeevents: '/lifeevents',
  gifts: '/gifts',
  debts: '/debts',
  journal: '/journal',
  // Last: every contact is in by then, and a file is the heaviest record to move.
  photos: '/photos',
  documents: '/documents',
};

/**
 * Records per page of a list, where fewer than Monica's 100: a page of photos carries their bytes
 * inline (base64, a third larger), and must stay under MONICA_ANSWER_MAX_BYTES with two photos at
 * Monica's default upload limit of 10 MB.
 */
export const STAGE_PAGE_SIZE: Partial<Record<MonicaStage, number>> = { photos: 2, documents: 25 };

/** The stages whose records are files, written by monica-files.ts. */
export const FILE_STAGES: ReadonlySet<MonicaStage> = new Set(['photos', 'documents']);

export function nextStage(stage: MonicaStage): MonicaStage | null {
  return MONICA_STAGES[MONICA_STAGES.indexOf(stage) + 1] ?? null;
}

/** What the import row keeps between invocations besides the resume point: the API root and the sealed token. */
export interface MonicaConnection {
  api_root: string;
  token?: string;
}

/** The fingerprint of a Monica record's contact: the instance and the Monica id, so a rerun finds it again. */
export const monicaFingerprint = (apiRoot: string, contactId: number) => `${fingerprintPrefix(apiRoot)}${contactId}`;
export const fingerprintPrefix = (apiRoot: string) => `monica:${apiRoot.replace(/^https?:\/\//, '')}:`;
