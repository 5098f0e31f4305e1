import { z } from 'zod';
import { command, type SignedIn } from '../command';
import { recordIdSchema } from '../record-id';
import { mergeChoicesSchema } from './merge-choices';
import { mergeContacts } from './merge-contacts';

/** Merges another contact into this one (`id` survives): POST /contacts/{id}/merge, the merge review page, the contact page. */
export const mergeContactCommand = command(
  z
    .object({
      other_id: recordIdSchema,
      choices: mergeChoicesSchema.optional().describe('Per field, whose value to keep where both differ: "this" (the default) or "other"'),
      delete_emptied_organizations: z.boolean().optional().describe('Also delete an organization the merge leaves with no contacts'),
    })
    .strict(),
  ({ deps, user, id }: SignedIn & { id: string }, input) =>
    mergeContacts(deps, user.id, id, [input.other_id], {
      choices: input.choices,
      deleteEmptiedOrganizations: input.delete_emptied_organizations,
    }),
);
