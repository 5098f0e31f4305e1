import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { loadContactViews } from '../../domain/contacts/contact-view';
import { unmergeContacts } from '../../domain/merge/unmerge';
import { commonErrors, dataResponse, idParam, security } from '../openapi-helpers';
import { contactSchema } from '../schemas/contact';
import type { AppEnv } from '../types';

const unmergeRoute = createRoute({
  method: 'post',
  path: '/{id}/unmerge',
  tags: ['Contact detail'],
  security,
  description:
    'Undoes a merge ({id}: the merge, as GET /contacts/{id}/merges and the activity log (the contact.merge entry id) name it): the merged contact comes back as it was, with its own rows; what was added to the survivor since stays there. `409 conflict` when it was undone already, or when the survivor is gone; `410 merge_expired` once the unmerge window (30 days) closed and the snapshot was dropped (ADR 026).',
  request: { params: idParam },
  responses: {
    200: dataResponse(z.object({ survivor: contactSchema, restored: contactSchema }), 'Both contacts, as they are now'),
    409: { description: 'Undone already, or the survivor was deleted or merged away since' },
    410: { description: 'The unmerge window closed: what reversing needs was dropped' },
    ...commonErrors,
  },
});

export const mergeRoutes = new OpenAPIHono<AppEnv>().openapi(unmergeRoute, async (c) => {
  const { deps, user } = c.var;
  const { survivorId, restoredId } = await unmergeContacts(deps, user.id, c.req.valid('param').id);
  const [survivor, restored] = await loadContactViews(deps.db, user.id, [survivorId, restoredId], deps.settings.BCC_DOMAIN);
  return c.json({ data: { survivor: survivor!, restored: restored! } }, 200);
});
