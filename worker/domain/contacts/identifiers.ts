import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import type { IdentifierKind } from '../../db/schema';
import { AppError } from '../errors';
import { deleteIdentifiersOfKinds, insertIdentifierRows, ownersOfIdentifiers } from './contact-identifier-queries';
import { linkedinSlug, normalizeEmail, normalizeHandle, normalizePhone } from './normalize';
import { samePhoneNumber } from './phone-forms';

export interface Identifier {
  kind: IdentifierKind;
  value: string;
  valueNorm: string;
}

/** The API field each identifier kind is written through (used in 409 details). */
export const FIELD_OF_KIND: Record<IdentifierKind, string> = {
  email: 'emails',
  phone: 'phones',
  telegram: 'telegram_username',
  twitter: 'twitter_handle',
  linkedin: 'linkedin_url',
};

const normalizers: Record<IdentifierKind, (v: string) => string> = {
  email: normalizeEmail,
  phone: normalizePhone,
  telegram: normalizeHandle,
  twitter: normalizeHandle,
  linkedin: linkedinSlug,
};

/**
 * Kinds one value of which may be on several contacts (ADR 031): a family landline, an office
 * line. Every other kind (an email address, a handle, a LinkedIn profile) is one contact's.
 */
export const SHARED_KINDS: ReadonlySet<IdentifierKind> = new Set(['phone']);

/** The identifiers of `list` that only one contact may hold: the ones a 409 duplicate_identifier is about. */
export const oneOwnerIdentifiers = <T extends { kind: IdentifierKind }>(list: T[]): T[] => list.filter((x) => !SHARED_KINDS.has(x.kind));

export function identifier(kind: IdentifierKind, value: string): Identifier {
  return { kind, value: value.trim(), valueNorm: normalizers[kind](value) };
}

/**
 * Drops repeats that normalize to the same value, keeping the first spelling. A phone written
 * both nationally and internationally ("0701234567", "+46 70 123 4567") is one number, kept
 * in its international form at the first one's place.
 */
export function uniqueIdentifiers(list: Identifier[]): Identifier[] {
  const seen = new Set<string>();
  const kept: Identifier[] = [];
  for (const i of list) {
    const key = `${i.kind}:${i.valueNorm}`;
    if (seen.has(key) || !i.valueNorm) continue;
    seen.add(key);
    const samePhone = i.kind === 'phone' ? kept.findIndex((k) => k.kind === 'phone' && samePhoneNumber(k.valueNorm, i.valueNorm)) : -1;
    if (samePhone < 0) kept.push(i);
    else if (i.valueNorm.startsWith('+')) kept[samePhone] = i;
  }
  return kept;
}

export interface IdentifierConflict {
  field: string;
  value: string;
  /** Absent when the owner is a contact a limited token may not see: its name and id stay hidden. */
  existing_contact?: { id: string; full_name: string };
}

/** Finds identifiers among `list` owned by another contact of the user (chunked for D1). */
export async function findIdentifierConflicts(
  db: Db,
  userId: string,
  list: Identifier[],
  exceptContactId: string | null,
): Promise<IdentifierConflict[]> {
  const conflicts: IdentifierConflict[] = [];
  for (let i = 0; i < list.length; i += 40) {
    const chunk = list.slice(i, i + 40);
    const rows = await ownersOfIdentifiers(db, userId, chunk, exceptContactId);
    for (const row of rows) {
      const mine = chunk.find((x) => x.kind === row.kind && x.valueNorm === row.valueNorm)!;
      conflicts.push({
        field: FIELD_OF_KIND[row.kind],
        value: mine.value,
        ...(Number(row.visible) ? { existing_contact: { id: row.contactId, full_name: row.fullName } } : {}),
      });
    }
  }
  return conflicts;
}

export function duplicateIdentifierError(conflict: IdentifierConflict): AppError {
  return new AppError(
    'duplicate_identifier',
    `${conflict.value} already belongs to ${conflict.existing_contact?.full_name || 'another contact'}`,
    { ...conflict },
  );
}

/**
 * Statements that make `kinds` of the contact's identifiers exactly `list`: the old ones of
 * those kinds are removed and the new ones inserted with their order.
 */
export function replaceIdentifierStatements(
  db: Db,
  userId: string,
  contactId: string,
  kinds: IdentifierKind[],
  list: Identifier[],
): BatchItem<'sqlite'>[] {
  if (kinds.length === 0) return [];
  return [deleteIdentifiersOfKinds(db, contactId, kinds), ...insertIdentifierStatements(db, userId, contactId, list)];
}

export function insertIdentifierStatements(db: Db, userId: string, contactId: string, list: Identifier[]): BatchItem<'sqlite'>[] {
  const rows = list.map((x, position) => ({ userId, kind: x.kind, valueNorm: x.valueNorm, value: x.value, contactId, position }));
  const statements: BatchItem<'sqlite'>[] = [];
  // 6 columns per row: stay under D1's 100 bound parameters per statement.
  for (let i = 0; i < rows.length; i += 15) statements.push(insertIdentifierRows(db, rows.slice(i, i + 15)));
  return statements;
}

export function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return /UNIQUE constraint failed/i.test(text);
}
