import type { RawCard } from '../imports/vcard-file';
import { organizationNameNorm, createOrganization, updateOrganization, type OrganizationInput } from '../organizations/organizations';
import { deleteOrganization } from '../organizations/delete-organization';
import { organizationNamed, findOrganization } from '../organizations/organization-queries';
import { readCompanyCard } from './company-card';
import type { CardRef } from './dav-card-queries';
import type { DavCaller } from './dav-sign-in';
import { davAuditStatement, rememberResourceStatement } from './dav-write-queries';
import { replaceOrganizationLinesStatements } from './organization-card-queries';
import { organizationCardsOfIds } from './organization-cards';

// A phone's company card written to Kith (ADR 054): it is the organization's card, never a
// person's. A PUT replaces what the card holds (name, phone, email, website, place, notes) and
// keeps the rest of the card's lines; Kith's industry and a logo it stored are left as they are.
// A new card lands on the organization of the same name (the duplicate rule of organizations).

export async function organizationEtag(caller: DavCaller, id: string | undefined): Promise<string | null> {
  if (!id) return null;
  return (await organizationCardsOfIds(caller.deps, [id], { body: false })).cards[0]?.etag ?? null;
}

/**
 * Creates or replaces the company card `name` (its preconditions checked by the caller against
 * `organizationEtag`); answers whether an organization was created.
 */
export async function putCompanyCard(
  caller: DavCaller,
  name: string,
  card: RawCard,
  existing: CardRef | undefined,
): Promise<{ created: boolean }> {
  const { deps, user } = caller;
  const { db, store } = deps;
  const read = readCompanyCard(card);
  const { logo_url, ...fields } = read.organization;
  const input: OrganizationInput & { name: string } = { ...fields, ...(read.hasLogo ? { logo_url } : {}) };

  let id = existing && (await findOrganization(db, user.id, existing.id)) ? existing.id : undefined;
  let created = false;
  if (id) await updateOrganization(db, user.id, id, input);
  else {
    // A new card whose company Kith has already: that organization, its own spelling of the name kept.
    const same = await organizationNamed(db, user.id, organizationNameNorm(input.name));
    if (same) await updateOrganization(db, user.id, same.id, { ...input, name: undefined });
    else created = true;
    id = same?.id ?? (await createOrganization(db, user.id, input)).id;
  }
  await store.d1.batch([
    ...(existing ? [] : [rememberResourceStatement(store, id, name, read.uid ?? name.replace(/\.vcf$/i, ''), 'organization')]),
    ...replaceOrganizationLinesStatements(store, id, read.kept),
    davAuditStatement(store, created ? 'organization.dav_create' : 'organization.dav_update', id, {
      device: caller.device,
      card: name,
      name: input.name,
    }),
  ]);
  return { created };
}

/**
 * A company card deleted on the phone: the organization is deleted as from its page
 * (deleteOrganization: its people keep everything but the company link), audited with the device.
 */
export async function deleteCompanyCard(caller: DavCaller, id: string): Promise<void> {
  await deleteOrganization(caller.deps.store, id, { via: 'carddav', device: caller.device });
}
