import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteOrganizationInKith } from '../../../domain/organizations/delete-organization';
import { listOrganizationContacts } from '../../../domain/organizations/organization-contacts';
import { mergeOrganizationCommand, updateOrganizationCommand } from '../../../domain/organizations/organization-commands';
import { organizationCreateSchema } from '../../../domain/organizations/organization-input';
import { createOrganization, getOrganization, searchOrganizations } from '../../../domain/organizations/organizations';
import {
  commonErrors,
  conflictError,
  unprocessableError,
  dataResponse,
  idParam,
  jsonBody,
  pagedResponse,
  pageMeta,
  pageQuery,
  security,
} from '../../openapi-helpers';
import { organizationSchema } from '../../schemas/contact';
import type { AppEnv } from '../../types';

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Organizations'],
  security,
  request: { query: z.object({ q: z.string().max(200).default(''), ...pageQuery }) },
  responses: { 200: pagedResponse(organizationSchema, 'Organizations, names starting with q first'), ...commonErrors },
});

const createOrgRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Organizations'],
  security,
  request: { body: jsonBody(organizationCreateSchema) },
  responses: { 201: dataResponse(organizationSchema, 'Created, or the existing one of that name'), ...commonErrors },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Organizations'],
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(organizationSchema), ...commonErrors },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Organizations'],
  security,
  request: { params: idParam, body: jsonBody(updateOrganizationCommand.input) },
  responses: { 200: dataResponse(organizationSchema), ...commonErrors, ...conflictError },
});

const memberSchema = z
  .object({
    id: z.string(),
    full_name: z.string(),
    title: z.string().nullable(),
    avatar_url: z.string().nullable(),
    relationship_score: z.number(),
    priority: z.string(),
  })
  .openapi('OrganizationMember');

const contactsRoute = createRoute({
  method: 'get',
  path: '/{id}/contacts',
  tags: ['Organizations'],
  security,
  request: { params: idParam, query: z.object(pageQuery) },
  responses: { 200: pagedResponse(memberSchema, "The organization's contacts, highest score first"), ...commonErrors },
});

const mergeRoute = createRoute({
  method: 'post',
  path: '/{id}/merge',
  tags: ['Organizations'],
  security,
  request: { params: idParam, body: jsonBody(mergeOrganizationCommand.input) },
  responses: { 200: dataResponse(organizationSchema, 'Merged; the other organization is gone'), ...commonErrors, ...unprocessableError },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Organizations'],
  security,
  description:
    'Deletes the organization. Its people keep their contact and all on it; only their company link is cleared. Audited as organization.delete; a phone deleting the company card does the same (organization.dav_delete).',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

export const organizationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { q, page, page_size } = c.req.valid('query');
    const { items, total } = await searchOrganizations(c.var.deps.db, c.var.user.id, q, page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(createOrgRoute, async (c) => c.json({ data: await createOrganization(c.var.deps.db, c.var.user.id, c.req.valid('json')) }, 201))
  .openapi(getRoute, async (c) => c.json({ data: await getOrganization(c.var.deps.db, c.var.user.id, c.req.valid('param').id) }, 200))
  .openapi(patchRoute, async (c) =>
    c.json({ data: await updateOrganizationCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 200),
  )
  .openapi(contactsRoute, async (c) => {
    const { page, page_size } = c.req.valid('query');
    const { items, total } = await listOrganizationContacts(c.var.deps.db, c.var.user.id, c.req.valid('param').id, page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(mergeRoute, async (c) =>
    c.json({ data: await mergeOrganizationCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteOrganizationInKith(c.var.deps.store, c.req.valid('param').id);
    return c.body(null, 204);
  });
