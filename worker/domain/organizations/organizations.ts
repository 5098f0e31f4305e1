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

/** Links an existing organization by case-insensitive name, or creates it once. */
export async function findOrCreateOrganization(db: Db, userId: string, name: string): Promise<{ id: string; name: string }> {
  const trimmed = name.trim();
  const nameNorm = organizationNameNorm(trimmed);
  const now = nowIso();
  await insertOrganizationIfNew(db, { id: newId(), userId, name: trimmed, nameNorm, createdAt: now, updatedAt: now });
  const row = await organizationNamed(db, userId, nameNorm);
  return row!;
}

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

export async function createOrganization(db: Db, userId: string, input: OrganizationInput & { name: string }): Promise<OrganizationView> {
  const { name: _name, ...rest } = input;
  // ADR 073: a limited token may give a new organization its fields, not change an existing one's (its people's company).
  if (Object.keys(rest).length && limitOfDb(db) && (await organizationNamed(db, userId, organizationNameNorm(input.name.trim()))))
    assertSeesEveryContact(
      db,
      'change an organization: its fields are the company of everyone who works there, people kept from this token too',
    );
  const { id } = await findOrCreateOrganization(db, userId, input.name);
  return Object.keys(rest).length ? updateOrganization(db, userId, id, rest) : getOrganization(db, userId, id);
}

export async function updateOrganization(db: Db, userId: string, id: string, input: OrganizationInput): Promise<OrganizationView> {
  const before = await getOrganization(db, userId, id);
  const set: Partial<OrganizationRow> = { updatedAt: nowIso() };
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
