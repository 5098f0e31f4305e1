import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { enrichContact } from '../../domain/enrichment/enrich-contact';
import { commonErrors, dataResponse, idParam, providerErrors, security, unprocessableError } from '../openapi-helpers';
import { contactSchema } from '../schemas/contact';
import type { AppEnv } from '../types';

const skippedSchema = z.object({
  field: z.string(),
  value: z.string(),
  reason: z.enum(['duplicate_identifier', 'invalid', 'limit_reached']),
  existing_contact: z.object({ id: z.string(), full_name: z.string() }).optional(),
});

const enrichRoute = createRoute({
  method: 'post',
  path: '/contacts/{id}/enrich',
  tags: ['Enrichment and AI'],
  summary: 'Enrich with Apollo: fill the empty fields from the people-matching provider',
  security,
  request: { params: idParam },
  responses: {
    200: dataResponse(
      z.object({ fields_updated: z.array(z.string()), skipped: z.array(skippedSchema), source: z.literal('enrichment'), contact: contactSchema }),
      'What was filled, what was skipped and why, and the contact as it now is',
    ),
    ...commonErrors,
    ...unprocessableError,
    ...providerErrors,
  },
});

export const contactAiRoutes = new OpenAPIHono<AppEnv>().openapi(enrichRoute, async (c) => {
  const result = await enrichContact(c.var.deps, c.var.user.id, c.req.valid('param').id);
  return c.json({ data: result }, 200);
});
