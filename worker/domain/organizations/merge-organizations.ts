import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { contacts, organizations } from '../../db/schema';
import { auditStatement } from '../audit/audit-queries';
import { AppError, notFound } from '../errors';
import { getOrganization, type OrganizationView } from './organizations';

/**
 * Merges a duplicate organization into `id`: its contacts move over, the survivor gains
 * the website, industry, location, logo, phone, email and notes it lacks, and the duplicate is deleted (audited).
 */
export async function mergeOrganizations(db: Db, userId: string, id: string, otherId: string): Promise<OrganizationView> {
  if (id === otherId) throw new AppError('not_processable', 'An organization cannot be merged into itself');
  const [survivor, other] = await Promise.all([
    db
      .select()
      .from(organizations)
      .where(and(eq(organizations.userId, userId), eq(organizations.id, id)))
      .get(),
    db
      .select()
      .from(organizations)
      .where(and(eq(organizations.userId, userId), eq(organizations.id, otherId)))
      .get(),
  ]);
  if (!survivor || !other) throw notFound('Organization');
  await db.batch([
    auditStatement(db, userId, 'organization.merge', 'organization', id, { survivor_id: id, merged: other }),
    db
      .update(contacts)
      .set({ companyId: id, updatedAt: nowIso() })
      .where(and(eq(contacts.userId, userId), eq(contacts.companyId, otherId))),
    db
      .update(organizations)
      .set({
        website: survivor.website ?? other.website,
        industry: survivor.industry ?? other.industry,
        location: survivor.location ?? other.location,
        logoUrl: survivor.logoUrl ?? other.logoUrl,
        phone: survivor.phone ?? other.phone,
        email: survivor.email ?? other.email,
        notes: survivor.notes ?? other.notes,
        updatedAt: nowIso(),
      })
      .where(and(eq(organizations.userId, userId), eq(organizations.id, id))),
    db.delete(organizations).where(and(eq(organizations.userId, userId), eq(organizations.id, otherId))),
  ]);
  return getOrganization(db, userId, id);
}
