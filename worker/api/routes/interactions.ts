import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { deleteNote } from '../../domain/timeline/notes-and-meetings';
import { editNoteCommand } from '../../domain/timeline/timeline-commands';
import { commonErrors, dataResponse, idParam, jsonBody, security, unprocessableError } from '../openapi-helpers';
import { interactionSchema } from '../schemas/detail';
import type { AppEnv } from '../types';

const patchRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Contact detail'],
  security,
  request: { params: idParam, body: jsonBody(editNoteCommand.input) },
  responses: { 200: dataResponse(interactionSchema), ...commonErrors, ...unprocessableError },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Contact detail'],
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted (notes only)' }, ...commonErrors, ...unprocessableError },
});

export const interactionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(patchRoute, async (c) =>
    c.json({ data: await editNoteCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteNote(c.var.deps, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  });
