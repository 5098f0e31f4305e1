import { z } from 'zod';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { PRIORITIES, SOURCES } from '../contacts/contact-input';
import { AppError, notFound } from '../errors';
import { parseMapBox } from '../map/map-box';
import { DUE_CHOICES, LIST_LIMITS } from '../search/contact-list-limits';
import { CONTACT_SORTS, DEFAULT_CONTACT_SORT } from '../search/contact-sorts';
import { singleLineText } from '../text-input';
import { SMART_LIST_LIMITS } from './smart-list-limits';
import {
  countSmartLists,
  deleteSmartListRow,
  findSmartList,
  insertSmartList,
  saveSmartList,
  smartListNamed,
  smartListsByName,
  type SmartListRow,
} from './smart-list-queries';

const score = z.number().min(0).max(10).nullable();

/**
 * What a smart list remembers of the contact list: every filter the page has (the page's
 * `smartListFiltersOf` fills each one; tests/relationships/related-filter.test.ts fails when the
 * page gains a filter this forgets).
 */
export const smartListFiltersSchema = z
  .object({
    q: singleLineText(500).default(''),
    /** Contacts whose location or geocoded place has these words. */
    place: singleLineText(LIST_LIMITS.place).trim().default(''),
    /** A map box, `minLng,minLat,maxLng,maxLat`, from the map's "List these". */
    bbox: z
      .string()
      .max(LIST_LIMITS.box)
      .refine((v) => v === '' || typeof parseMapBox(v) !== 'string', 'must be minLng,minLat,maxLng,maxLat')
      .default(''),
    tags: z.array(singleLineText(64).trim().min(1)).max(20).default([]),
    sources: z.array(z.enum(SOURCES)).max(SOURCES.length).default([]),
    priorities: z.array(z.enum(PRIORITIES)).max(PRIORITIES.length).default([]),
    score_min: score.default(null),
    score_max: score.default(null),
    /** Due today or overdue, within a week, or any cadence: counted from the day the list is opened. */
    due: z.enum(DUE_CHOICES).nullable().default(null),
    /** Contacts linked to this contact by a relationship. */
    related_to: singleLineText(64).trim().min(1).nullable().default(null),
    sort: z.enum(CONTACT_SORTS).default(DEFAULT_CONTACT_SORT),
  })
  .strict();
export type SmartListFilters = z.infer<typeof smartListFiltersSchema>;

const nameSchema = singleLineText(SMART_LIST_LIMITS.name).trim().min(1, 'must not be empty');
export const smartListCreateSchema = z.object({ name: nameSchema, filters: smartListFiltersSchema }).strict();
export const smartListUpdateSchema = z
  .object({ name: nameSchema, filters: smartListFiltersSchema })
  .partial()
  .strict()
  .refine((v) => v.name !== undefined || v.filters !== undefined, { message: 'give a name or filters', path: ['name'] });

export interface SmartListView {
  id: string;
  name: string;
  filters: SmartListFilters;
  /** The /contacts query string of these filters, as the contact list page writes it. */
  search: string;
  created_at: string;
  updated_at: string;
}

export const MAX_SMART_LISTS = 100;

/** The canonical query string, in the order the contact list page writes its URL. */
export function filtersToSearch(f: SmartListFilters): string {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set('q', f.q);
  if (f.place) params.set('place', f.place);
  if (f.bbox) params.set('bbox', f.bbox);
  for (const tag of f.tags) params.append('tag', tag);
  for (const source of f.sources) params.append('source', source);
  for (const priority of f.priorities) params.append('priority', priority);
  if (f.score_min !== null) params.set('score_min', String(f.score_min));
  if (f.score_max !== null) params.set('score_max', String(f.score_max));
  if (f.due) params.set('due', f.due);
  if (f.related_to) params.set('related_to', f.related_to);
  if (f.sort !== DEFAULT_CONTACT_SORT) params.set('sort', f.sort);
  return params.toString();
}

function searchToFilters(search: string): SmartListFilters {
  const p = new URLSearchParams(search);
  const num = (v: string | null) => (v === null ? null : Number(v));
  return smartListFiltersSchema.parse({
    q: p.get('q') ?? '',
    place: p.get('place') ?? '',
    bbox: p.get('bbox') ?? '',
    tags: p.getAll('tag'),
    sources: p.getAll('source'),
    priorities: p.getAll('priority'),
    score_min: num(p.get('score_min')),
    score_max: num(p.get('score_max')),
    due: p.get('due'),
    related_to: p.get('related_to'),
    sort: p.get('sort') ?? DEFAULT_CONTACT_SORT,
  });
}

const toView = (r: SmartListRow): SmartListView => ({
  id: r.id,
  name: r.name,
  filters: searchToFilters(r.search),
  search: r.search,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});
const nameNorm = (name: string) => name.trim().toLowerCase();

async function assertNameFree(db: Db, userId: string, name: string, exceptId?: string) {
  const clash = await smartListNamed(db, userId, nameNorm(name), exceptId);
  if (clash) throw new AppError('conflict', `A smart list named "${name.trim()}" already exists`);
}

/** Two saves of one name at once: the unique index decides, and the loser gets the same 409. */
const nameTaken = (name: string) => (error: unknown) => {
  if (error instanceof Error && /UNIQUE constraint failed/.test(`${error.message} ${String(error.cause ?? '')}`)) {
    throw new AppError('conflict', `A smart list named "${name.trim()}" already exists`);
  }
  throw error;
};

export async function listSmartLists(db: Db, userId: string): Promise<SmartListView[]> {
  const rows = await smartListsByName(db, userId);
  return rows.map(toView);
}

export async function createSmartList(db: Db, userId: string, input: z.infer<typeof smartListCreateSchema>): Promise<SmartListView> {
  await assertNameFree(db, userId, input.name);
  const count = await countSmartLists(db, userId);
  if (count >= MAX_SMART_LISTS) throw new AppError('not_processable', `At most ${MAX_SMART_LISTS} smart lists; delete one first`);
  const now = nowIso();
  const row = {
    id: newId(),
    userId,
    name: input.name.trim(),
    nameNorm: nameNorm(input.name),
    search: filtersToSearch(input.filters),
    createdAt: now,
    updatedAt: now,
  };
  await insertSmartList(db, row).catch(nameTaken(input.name));
  return toView(row);
}

export async function updateSmartList(
  db: Db,
  userId: string,
  id: string,
  input: z.infer<typeof smartListUpdateSchema>,
): Promise<SmartListView> {
  const row = await findSmartList(db, userId, id);
  if (!row) throw notFound('Smart list');
  if (input.name !== undefined) await assertNameFree(db, userId, input.name, id);
  const next = {
    ...row,
    ...(input.name !== undefined ? { name: input.name.trim(), nameNorm: nameNorm(input.name) } : {}),
    ...(input.filters !== undefined ? { search: filtersToSearch(input.filters) } : {}),
    updatedAt: nowIso(),
  };
  await saveSmartList(db, userId, id, next).catch(nameTaken(next.name));
  return toView(next);
}

export async function deleteSmartList(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteSmartListRow(db, userId, id))) throw notFound('Smart list');
}
