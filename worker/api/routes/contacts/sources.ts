import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { readFieldSources } from '../../../domain/sources/read-field-sources';
import { commonErrors, dataResponse, idParam, security } from '../../openapi-helpers';
import { fieldSourceSchema } from '../../schemas/field-sources';
import type { AppEnv } from '../../types';

const listSourcesRoute = createRoute({
  method: 'get',
  path: '/{id}/sources',
  tags: ['Contacts'],
  summary: 'Where each value of the contact came from',
  description:
    "One entry per value the contact holds whose source is known: each field's, and each email's and phone's. A value written before sources were kept has none (ADR 032).",
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(z.array(fieldSourceSchema), 'The sources of its values'), ...commonErrors },
});

export const contactSourceRoutes = new OpenAPIHono<AppEnv>().openapi(listSourcesRoute, async (c) =>
  c.json({ data: await readFieldSources(c.var.deps.store, c.req.valid('param').id) }, 200),
);
