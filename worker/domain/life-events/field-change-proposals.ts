import { newId, nowIso } from '../../db/columns';
import type { LifeEventRow } from '../../db/schema';
import { foldText } from '../folding';
import type { LifeEventSource } from './life-event-kinds';

/** A card's job and place, as they are and as a source now says. */
export interface JobAndPlace {
  company?: string | null;
  title?: string | null;
  location?: string | null;
}

/** What carried the change: the source, and the import when one did. */
export interface FoundIn {
  source: Extract<LifeEventSource, 'enrichment' | 'extension' | 'import' | 'google' | 'bio'>;
  importId?: string;
}

const clean = (v: string | null | undefined) => v?.trim() || null;
const same = (a: string | null, b: string | null) => foldText(a ?? '') === foldText(b ?? '');
const keyPart = (v: string | null) => foldText(v ?? '').slice(0, 120);
const jobWords = (company: string | null, title: string | null) => (title && company ? `${title} at ${company}` : (title ?? company ?? ''));

/**
 * The proposals a field change makes (ADR 036): a company that differs from a non-empty one is
 * a new job ("New job at X as Y"), a title that differs at the same company a promotion, a
 * location that differs a move ("Moved to Z"). A value filling an empty field is not news.
 * Each carries the old and new values as its evidence and a key, so the same change found
 * again (the next sync, a re-import) is not proposed twice.
 */
export function fieldChangeProposals(
  userId: string,
  contactId: string,
  before: JobAndPlace,
  incoming: JobAndPlace,
  found: FoundIn,
  now = nowIso(),
): LifeEventRow[] {
  const rows: LifeEventRow[] = [];
  const base = (row: Pick<LifeEventRow, 'kind' | 'summary' | 'field' | 'oldValue' | 'newValue' | 'proposalKey'>): LifeEventRow => ({
    id: newId(),
    userId,
    contactId,
    happenedOn: null,
    recursOn: null,
    status: 'proposed',
    source: found.source,
    evidence: `${row.field}: ${row.oldValue} → ${row.newValue}`,
    interactionId: null,
    importId: found.importId ?? null,
    createdAt: now,
    updatedAt: now,
    decidedAt: null,
    ...row,
  });
  const [oldCompany, newCompany] = [clean(before.company), clean(incoming.company)];
  const [oldTitle, newTitle] = [clean(before.title), clean(incoming.title)];
  const companyChanged = Boolean(oldCompany && newCompany && !same(oldCompany, newCompany));
  const titleChanged = Boolean(oldTitle && newTitle && !same(oldTitle, newTitle));
  if (companyChanged) {
    const title = newTitle ?? (titleChanged ? null : oldTitle);
    rows.push(
      base({
        kind: 'new_job',
        summary: title ? `New job at ${newCompany} as ${title}` : `New job at ${newCompany}`,
        field: titleChanged ? 'job' : 'company',
        oldValue: titleChanged ? jobWords(oldCompany, oldTitle) : oldCompany,
        newValue: titleChanged ? jobWords(newCompany, newTitle) : newCompany,
        proposalKey: `job:${keyPart(newCompany)}|${keyPart(title)}`,
      }),
    );
  } else if (titleChanged) {
    const company = newCompany ?? oldCompany;
    rows.push(
      base({
        kind: 'promotion',
        summary: company ? `Now ${newTitle} at ${company}` : `Now ${newTitle}`,
        field: 'title',
        oldValue: oldTitle,
        newValue: newTitle,
        proposalKey: `job:${keyPart(company)}|${keyPart(newTitle)}`,
      }),
    );
  }
  const [oldPlace, newPlace] = [clean(before.location), clean(incoming.location)];
  if (oldPlace && newPlace && !same(oldPlace, newPlace))
    rows.push(
      base({
        kind: 'moved',
        summary: `Moved to ${newPlace}`,
        field: 'location',
        oldValue: oldPlace,
        newValue: newPlace,
        proposalKey: `moved:${keyPart(newPlace)}`,
      }),
    );
  return rows;
}
