import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { createContactCommand, updateContactCommand } from '../../../domain/contacts/contact-commands';
import { getContactView } from '../../../domain/contacts/contact-view';
import { deleteContact } from '../../../domain/contacts/delete-contacts';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security, unprocessableError } from '../../openapi-helpers';
import { contactSchema } from '../../schemas/contact';
import { editHeaders, versionOf } from '../../schemas/write-headers';
import type { AppEnv } from '../../types';

const createContactRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Contacts'],
  security,
  request: { body: jsonBody(createContactCommand.input) },
  responses: { 201: dataResponse(contactSchema, 'Created'), ...commonErrors, ...conflictError },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Contacts'],
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(contactSchema), ...commonErrors },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Contacts'],
  security,
  request: { params: idParam, headers: editHeaders, body: jsonBody(updateContactCommand.input) },
  responses: { 200: dataResponse(contactSchema), ...commonErrors, ...conflictError, ...unprocessableError },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Contacts'],
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted with its related data' }, ...commonErrors },
});

export const contactRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createContactRoute, async (c) => {
    const contact = await createContactCommand.run(c.var, c.req.valid('json'));
    return c.json({ data: contact }, 201);
  })
  .openapi(getRoute, async (c) => {
    const { db, settings } = c.var.deps;
    return c.json({ data: await getContactView(db, c.var.user.id, c.req.valid('param').id, settings.BCC_DOMAIN) }, 200);
  })
  .openapi(patchRoute, async (c) => {
    const headers = c.req.valid('header');
    const contact = await updateContactCommand.run(
      { ...c.var, ...c.req.valid('param'), idempotencyKey: headers['idempotency-key'], ifVersion: versionOf(headers['if-match']) },
      c.req.valid('json'),
    );
    return c.json({ data: contact }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteContact(c.var.deps, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  });
