import { z } from 'zod';
import { command, type OnRecord } from '../command';
import { recordIdSchema } from '../record-id';
import { mergeOrganizations } from './merge-organizations';
import { organizationUpdateSchema } from './organization-input';
import { updateOrganization } from './organizations';

/** An organization's fields changed: PATCH /organizations/{id} and the organization page's Details form. */
export const updateOrganizationCommand = command(organizationUpdateSchema, ({ deps, user, id }: OnRecord, input) =>
  updateOrganization(deps.db, user.id, id, input),
);

/** Merges another organization into this one (`id` survives): POST /organizations/{id}/merge and the organization page. */
export const mergeOrganizationCommand = command(z.object({ other_id: recordIdSchema }).strict(), ({ deps, user, id }: OnRecord, input) =>
  mergeOrganizations(deps.db, user.id, id, input.other_id),
);
