import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { recordIdSchema } from '../../../domain/record-id';
import { addRelationshipCommand, editRelationshipCommand } from '../../../domain/relationships/relationship-commands';
import { deleteRelationship, listRelationships } from '../../../domain/relationships/relationships';
import {
  commonErrors,
  conflictError,
  dataResponse,
  idParam,
  jsonBody,
  pagedResponse,
  pageMeta,
  pageQuery,
  security,
  unprocessableError,
} from '../../openapi-helpers';
import { relationshipSchema } from '../../schemas/relationships';
import type { AppEnv } from '../../types';

const linkParam = idParam.extend({ relationship_id: recordIdSchema });

const listRoute = createRoute({
  method: 'get',
  path: '/{id}/relationships',
  tags: ['Contacts'],
  summary: "The contact's relationships, by the other's name",
  security,
  request: { params: idParam, query: z.object(pageQuery) },
  responses: { 200: pagedResponse(relationshipSchema), ...commonErrors },
});

const createLinkRoute = createRoute({
  method: 'post',
  path: '/{id}/relationships',
  tags: ['Contacts'],
  summary: 'Relates the contact to another contact (the inverse is kept on their side) or to a lightweight person',
  security,
  request: { params: idParam, body: jsonBody(addRelationshipCommand.input) },
  responses: { 201: dataResponse(relationshipSchema, 'Added'), ...commonErrors, ...conflictError, ...unprocessableError },
});

const updateLinkRoute = createRoute({
  method: 'patch',
  path: '/{id}/relationships/{relationship_id}',
  tags: ['Contacts'],
  summary: 'Changes a relationship from either side; the other side follows',
  security,
  request: { params: linkParam, body: jsonBody(editRelationshipCommand.input) },
  responses: { 200: dataResponse(relationshipSchema), ...commonErrors, ...conflictError },
});

const deleteLinkRoute = createRoute({
  method: 'delete',
  path: '/{id}/relationships/{relationship_id}',
  tags: ['Contacts'],
  summary: 'Deletes a relationship, both sides',
  security,
  request: { params: linkParam },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

export const contactRelationshipRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { page, page_size } = c.req.valid('query');
    const { items, total } = await listRelationships(c.var.deps.store, c.req.valid('param').id, page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(createLinkRoute, async (c) =>
    c.json({ data: await addRelationshipCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 201),
  )
  .openapi(updateLinkRoute, async (c) =>
    c.json({ data: await editRelationshipCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 200),
  )
  .openapi(deleteLinkRoute, async (c) => {
    const { id, relationship_id } = c.req.valid('param');
    await deleteRelationship(c.var.deps.store, id, relationship_id);
    return c.body(null, 204);
  });
