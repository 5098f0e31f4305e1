import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { runStatements } from '../../db/sql-batch';
import type { OrganizationRow } from '../../db/schema';
import { assertSeesEveryContact, limitOfDb } from '../auth/contact-limit';
import { foldText } from '../folding';
import { AppError, notFound } from '../errors';
import {
  findOrganization,
  insertOrganizationIfNew,
  organizationIdsAmong,
  organizationNamed,
  organizationsMatching,
  organizationFieldsStatement,
  peopleChangedStatement,
} from './organization-queries';

export interface OrganizationView {
  id: string;
  name: string;
  website: string | null;
  industry: string | null;
  location: string | null;
  logo_url: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
}

export function toOrganizationView(row: OrganizationRow): OrganizationView {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    industry: row.industry,
    location: row.location,
    logo_url: row.logoUrl,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
  };
}

export const organizationNameNorm = (name: string) => foldText(name).replace(/\s+/g, ' ');

/**
 * Links an existing organization by case-insensitive name, or creates it once with `fields`
 * (`created`: the new row, null when it existed).
 */
export async function findOrCreateOrganization(
  db: Db,
  userId: string,
  name: string,
  fields: Partial<OrganizationRow> = {},
): Promise<{ id: string; name: string; created: OrganizationRow | null }> {
  const trimmed = name.trim();
  const now = nowIso();
  const row = { ...fields, id: newId(), userId, name: trimmed, nameNorm: organizationNameNorm(trimmed), createdAt: now, updatedAt: now };
  await assertMayNameOrganization(db, userId, trimmed);
  await insertOrganizationIfNew(db, row);
  const stored = (await organizationNamed(db, userId, row.nameNorm))!;
  return { ...stored, created: stored.id === row.id ? { ...EMPTY_FIELDS, ...row } : null };
}

/**
 * Refuses a token limited to some contacts the existing organization `name` when none of the
 * contacts it sees works there (ADR 074): linked to one of its contacts, it would read it.
 */
export async function assertMayNameOrganization(db: Db, userId: string, name: string): Promise<void> {
  if (!limitOfDb(db)) return;
  const existing = await organizationNamed(db, userId, organizationNameNorm(name.trim()));
  if (existing && !(await findOrganization(db, userId, existing.id)))
    assertSeesEveryContact(db, 'name an organization that none of the contacts it sees works at');
}

const EMPTY_FIELDS = { website: null, industry: null, location: null, logoUrl: null, phone: null, email: null, notes: null };

export async function getOrganization(db: Db, userId: string, id: string): Promise<OrganizationView> {
  const row = await findOrganization(db, userId, id);
  if (!row) throw notFound('Organization');
  return toOrganizationView(row);
}

export async function assertOrganizationsExist(db: Db, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await organizationIdsAmong(db, userId, ids);
  if (found.length !== new Set(ids).size) throw notFound('Organization');
}

/** Autocomplete: names starting with the query first, then names containing a word starting with it. */
export async function searchOrganizations(db: Db, userId: string, q: string, page: number, pageSize: number) {
  const { rows, total } = await organizationsMatching(db, userId, organizationNameNorm(q), pageSize, (page - 1) * pageSize);
  return { items: rows.map(toOrganizationView), total };
}

export interface OrganizationInput {
  name?: string;
  website?: string | null;
  industry?: string | null;
  location?: string | null;
  logo_url?: string | null;
  phone?: string | null;
  email?: string | null;
  notes?: string | null;
}

/** POST /organizations and a phone's new company card: a new organization, or the existing one of that name. */
export async function createOrganization(db: Db, userId: string, input: OrganizationInput & { name: string }): Promise<OrganizationView> {
  const { name, ...rest } = input;
  const organization = await findOrCreateOrganization(db, userId, name, organizationFieldsOf(rest));
  if (organization.created) return toOrganizationView(organization.created);
  if (!Object.keys(rest).length) return getOrganization(db, userId, organization.id);
  // ADR 073: a limited token may give a new organization its fields, not change an existing one's (its people's company).
  assertSeesEveryContact(
    db,
    'change an organization: its fields are the company of everyone who works there, people kept from this token too',
  );
  return updateOrganization(db, userId, organization.id, rest);
}

/** The columns `input` writes, as stored: trimmed, a blank one cleared. */
function organizationFieldsOf(input: OrganizationInput): Partial<OrganizationRow> {
  const set: Partial<OrganizationRow> = {};
  if (input.name !== undefined) {
    set.name = input.name.trim();
    set.nameNorm = organizationNameNorm(input.name);
  }
  if (input.website !== undefined) set.website = input.website?.trim() || null;
  if (input.industry !== undefined) set.industry = input.industry?.trim() || null;
  if (input.location !== undefined) set.location = input.location?.trim() || null;
  if (input.logo_url !== undefined) set.logoUrl = input.logo_url?.trim() || null;
  if (input.phone !== undefined) set.phone = input.phone?.trim() || null;
  if (input.email !== undefined) set.email = input.email?.trim() || null;
  if (input.notes !== undefined) set.notes = input.notes?.trim() ? input.notes : null;
  return set;
}

export async function updateOrganization(db: Db, userId: string, id: string, input: OrganizationInput): Promise<OrganizationView> {
  const before = await getOrganization(db, userId, id);
  const set: Partial<OrganizationRow> = { ...organizationFieldsOf(input), updatedAt: nowIso() };
  try {
    const newHost = set.website !== undefined && set.website !== before.website;
    await runStatements(db, [organizationFieldsStatement(db, userId, id, set), ...(newHost ? [peopleChangedStatement(userId, id)] : [])]);
  } catch (error) {
    if (String((error as { cause?: unknown }).cause ?? error).includes('UNIQUE')) {
      throw new AppError('conflict', 'Another organization already has this name', { field: 'name' });
    }
    throw error;
  }
  return getOrganization(db, userId, id);
}
