import { z } from 'zod';
import { assertSeesEveryContact } from '../auth/contact-limit';
import { command, type OnRecord } from '../command';
import { recordIdSchema } from '../record-id';
import { mergeOrganizations } from './merge-organizations';
import { organizationUpdateSchema } from './organization-input';
import { updateOrganization } from './organizations';

/**
 * An organization's fields changed: PATCH /organizations/{id} and the organization page's Details
 * form. Its name and website are the company on every contact who works there, so a token limited
 * to some contacts may not change them (ADR 073), refused before the organization is looked up.
 */
export const updateOrganizationCommand = command(organizationUpdateSchema, ({ deps, user, id }: OnRecord, input) => {
  assertSeesEveryContact(
    deps.db,
    'change an organization: its name is the company of everyone who works there, people kept from this token too',
  );
  return updateOrganization(deps.db, user.id, id, input);
});

/** Merges another organization into this one (`id` survives): POST /organizations/{id}/merge and the organization page. */
export const mergeOrganizationCommand = command(z.object({ other_id: recordIdSchema }).strict(), ({ deps, user, id }: OnRecord, input) =>
  mergeOrganizations(deps.db, user.id, id, input.other_id),
);
