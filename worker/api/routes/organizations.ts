import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createOrganization, getOrganization, searchOrganizations, updateOrganization } from '../../domain/organizations/organizations';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, pagedResponse, pageMeta, pageQuery, security } from '../openapi-helpers';
import { organizationSchema } from '../schemas/contact';
import type { AppEnv } from '../types';

const noNul = (s: string) => !s.includes('\u0000');
const field = (max: number) => z.string().max(max).refine(noNul, 'must not contain NUL').nullable();
const orgFields = {
  name: z.string().trim().min(1, 'is required').max(200).refine(noNul, 'must not contain NUL'),
  website: field(500),
  industry: field(200),
  location: field(200),
  logo_url: field(2000),
};

const listRoute = createRoute({
  method: 'get',
  path: '/organizations',
  tags: ['Organizations'],
  security,
  request: { query: z.object({ q: z.string().max(200).default(''), ...pageQuery }) },
  responses: { 200: pagedResponse(organizationSchema, 'Organizations, names starting with q first'), ...commonErrors },
});

const createOrgRoute = createRoute({
  method: 'post',
  path: '/organizations',
  tags: ['Organizations'],
  security,
  request: { body: jsonBody(z.object(orgFields).partial().required({ name: true }).strict()) },
  responses: { 201: dataResponse(organizationSchema, 'Created, or the existing one of that name'), ...commonErrors },
});

const getRoute = createRoute({
  method: 'get',
  path: '/organizations/{id}',
  tags: ['Organizations'],
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(organizationSchema), ...commonErrors },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/organizations/{id}',
  tags: ['Organizations'],
  security,
  request: { params: idParam, body: jsonBody(z.object(orgFields).partial().strict()) },
  responses: { 200: dataResponse(organizationSchema), ...commonErrors, ...conflictError },
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
    c.json({ data: await updateOrganization(c.var.deps.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }, 200),
  );
