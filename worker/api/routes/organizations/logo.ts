import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { readOrganizationLogo } from '../../../domain/organizations/organization-logo';
import { commonErrors, idParam, security } from '../../openapi-helpers';
import type { AppEnv } from '../../types';

const logoRoute = createRoute({
  method: 'get',
  path: '/{id}/logo',
  tags: ['Organizations'],
  summary: "The organization's logo, as stored by the bio extraction (favicon of its website)",
  security,
  request: { params: idParam, query: z.object({ v: z.string().max(40).optional() }) },
  responses: {
    200: { description: 'The image', content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...commonErrors,
  },
});

export const organizationLogoRoutes = new OpenAPIHono<AppEnv>().openapi(logoRoute, async (c) => {
  const logo = await readOrganizationLogo(c.var.deps, c.var.user.id, c.req.valid('param').id);
  return new Response(logo.body, {
    headers: {
      'content-type': logo.contentType,
      etag: logo.etag,
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
