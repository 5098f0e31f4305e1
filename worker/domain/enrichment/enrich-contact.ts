import { nowIso } from '../../db/columns';
import type { IdentifierKind } from '../../db/schema';
import type { Settings } from '../../env';
import { createApolloClient, type ApolloClient, type ApolloLookup } from '../../providers/apollo/apollo-client';
import type { ContactUpdate } from '../contacts/contact-input';
import { getContactView, type ContactView } from '../contacts/contact-view';
import { FIELD_OF_KIND, findIdentifierConflicts, identifier, type Identifier } from '../contacts/identifiers';
import { updateContact } from '../contacts/save-contact';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { notConfigured } from '../settings/not-configured';
import { callProvider } from '../provider-failure';
import { fieldChangeProposals } from '../life-events/field-change-proposals';
import { announceFound } from '../life-events/announce-found';
import { recordProposals } from '../life-events/record-proposals';
import { enrichmentPatch, locationOf, type SkippedValue } from './enrichment-patch';
import { insertEnrichmentEntry } from './enrichment-queries';

export interface EnrichmentResult {
  fields_updated: string[];
  skipped: SkippedValue[];
  source: 'enrichment';
  contact: ContactView;
}

/** The Apollo client of the settings; without ENRICHMENT_API_KEY the feature is off (SPEC §5). */
export function apolloFromSettings(settings: Settings, doFetch: typeof fetch = fetch): ApolloClient {
  if (!settings.ENRICHMENT_API_KEY) {
    throw notConfigured('Enrich with Apollo', ['ENRICHMENT_API_KEY']);
  }
  return createApolloClient({
    baseUrl: settings.ENRICHMENT_API_URL,
    apiKey: settings.ENRICHMENT_API_KEY,
    fetch: doFetch,
    timeoutMs: settings.PROVIDER_TIMEOUT_MS,
  });
}

/** SPEC §1: the email is preferred, otherwise the LinkedIn URL. */
export function lookupFor(contact: ContactView): ApolloLookup {
  if (contact.emails[0]) return { email: contact.emails[0] };
  if (contact.linkedin_url) return { linkedin_url: contact.linkedin_url };
  throw new AppError(
    'not_processable',
    'Add an email address or a LinkedIn URL to this contact first: enrichment looks the person up by one of them',
  );
}

const KIND_OF_FIELD: Record<string, IdentifierKind> = Object.fromEntries(
  Object.entries(FIELD_OF_KIND).map(([kind, field]) => [field, kind as IdentifierKind]),
);

/** The identifiers the patch would add (the ones already on the contact are not news). */
function addedIdentifiers(contact: ContactView, patch: ContactUpdate): Identifier[] {
  const list: Identifier[] = [];
  for (const email of patch.emails?.slice(contact.emails.length) ?? []) list.push(identifier('email', email));
  for (const phone of patch.phones?.slice(contact.phones.length) ?? []) list.push(identifier('phone', phone));
  if (patch.linkedin_url) list.push(identifier('linkedin', patch.linkedin_url));
  if (patch.twitter_handle) list.push(identifier('twitter', patch.twitter_handle));
  return list;
}

/** Takes one value out of the patch: it belongs to another contact, so it is reported, not saved. */
function withoutValue(contact: ContactView, patch: ContactUpdate, field: string, value: string): ContactUpdate {
  const kind = KIND_OF_FIELD[field];
  if (!kind) return patch;
  const norm = identifier(kind, value).valueNorm;
  const next = { ...patch };
  if (field === 'emails' || field === 'phones') {
    const current = field === 'emails' ? contact.emails : contact.phones;
    const kept = (next[field] ?? []).filter((v, i) => i < current.length || identifier(kind, v).valueNorm !== norm);
    if (kept.length === current.length) delete next[field];
    else next[field] = kept;
  } else {
    delete (next as Record<string, unknown>)[field];
  }
  return next;
}

const LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  title: 'Title',
  company: 'Company',
  location: 'Location',
  linkedin_url: 'LinkedIn',
  twitter_handle: 'X',
  avatar_url: 'Photo',
  emails: 'Emails',
  phones: 'Phones',
};

function timelineText(contact: ContactView, patch: ContactUpdate): string {
  const lines = Object.entries(patch).map(([field, value]) => {
    const shown = field === 'emails' ? contact.emails.length : field === 'phones' ? contact.phones.length : -1;
    const text = Array.isArray(value) ? value.slice(shown).join(', ') : field === 'twitter_handle' ? `@${value}` : String(value);
    return `${LABELS[field] ?? field}: ${text}`;
  });
  return `Enrichment added:\n${lines.join('\n')}`;
}

/**
 * "Enrich with Apollo" (SPEC §1 Enrichment): looks the person up, fills only the empty
 * fields, adds new emails and phones, and logs what it added on the timeline. A found value
 * that belongs to another contact is skipped and reported; it never sinks the rest.
 */
export async function enrichContact(
  deps: Deps,
  userId: string,
  contactId: string,
  providers: { apollo?: ApolloClient } = {},
): Promise<EnrichmentResult> {
  const { db, settings } = deps;
  const contact = await getContactView(db, userId, contactId, settings.BCC_DOMAIN);
  const apollo = providers.apollo ?? apolloFromSettings(settings);
  const lookup = lookupFor(contact);
  const person = await callProvider('Apollo', () => apollo.matchPerson(lookup));
  if (!person) return { fields_updated: [], skipped: [], source: 'enrichment', contact };
  // Only empty fields are filled; a job or place that differs from the card is proposed as news instead (ADR 036).
  const proposals = fieldChangeProposals(
    userId,
    contactId,
    { company: contact.company?.name, title: contact.title, location: contact.location },
    { company: person.organization?.name, title: person.title, location: locationOf(person) },
    { source: 'enrichment' },
  );
  await recordProposals(deps.store, proposals);
  await announceFound(
    deps,
    proposals.map((p) => p.id),
  );

  let { patch, skipped } = enrichmentPatch(contact, person);
  for (const conflict of await findIdentifierConflicts(db, userId, addedIdentifiers(contact, patch), contactId)) {
    skipped.push({
      field: conflict.field,
      value: conflict.value,
      reason: 'duplicate_identifier',
      existing_contact: conflict.existing_contact,
    });
    patch = withoutValue(contact, patch, conflict.field, conflict.value);
  }
  if (Object.keys(patch).length === 0) return { fields_updated: [], skipped, source: 'enrichment', contact };

  // A concurrent save may claim a value between the check and the write: updateContact then
  // refuses the whole patch, so drop that value and try again.
  let updated: ContactView | null = null;
  for (let attempt = 0; attempt < 3 && !updated; attempt++) {
    try {
      updated = await updateContact(deps, userId, contactId, patch, { kind: 'enrichment', ref: 'Apollo' });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'duplicate_identifier' || !error.details) throw error;
      const { field, value, existing_contact } = error.details as unknown as SkippedValue;
      skipped = [...skipped, { field, value, reason: 'duplicate_identifier', existing_contact }];
      patch = withoutValue(contact, patch, field, value);
      if (Object.keys(patch).length === 0) return { fields_updated: [], skipped, source: 'enrichment', contact };
    }
  }
  if (!updated) throw new AppError('conflict', 'The contact kept changing while it was being enriched; try again');

  await insertEnrichmentEntry(db, userId, contactId, timelineText(contact, patch), nowIso());
  return { fields_updated: Object.keys(patch), skipped, source: 'enrichment', contact: updated };
}
