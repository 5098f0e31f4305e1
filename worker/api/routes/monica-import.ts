import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { cancelMonicaImport, startMonicaImport } from '../../domain/monica/start-monica-import';
import { singleLineText } from '../../domain/text-input';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security, unprocessableError } from '../openapi-helpers';
import type { AppEnv } from '../types';

const monicaImportSchema = z
  .object({
    url: singleLineText(500)
      .trim()
      .min(1)
      // A scheme, when written, must be http(s); "monica.example.com" and "host:8080" mean https.
      .refine((v) => !/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(v) || /^https?:\/\//i.test(v), 'must be an http(s) address')
      .describe('The Monica instance: "https://app.monicahq.com" or your own; its API address (…/api) works too'),
    token: singleLineText(4000).trim().min(1).describe("A personal access token made in Monica's Settings → API"),
  })
  .strict()
  .openapi('MonicaImport');

const startRoute = createRoute({
  method: 'post',
  path: '/monica',
  tags: ['Imports'],
  summary: 'Move in from a Monica instance through its API: contacts and their history, queued in pages',
  description:
    'The address is reached under the webhooks’ rules: public https only, unless the operator lists its host in ALLOWED_PRIVATE_HOSTS (422 otherwise). The token is kept sealed on the import for the run only. Running it again updates what came in before instead of duplicating it. Follow GET /imports/{id}: its `report` says per kind how many came in and where.',
  security,
  request: { body: jsonBody(monicaImportSchema) },
  responses: {
    202: dataResponse(z.object({ import_id: z.string() }), 'Queued; poll GET /imports/{id}'),
    ...commonErrors,
    ...unprocessableError,
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags: ['Imports'],
  summary: 'Cancel a running Monica import: it stops after the page it is on; what came in stays',
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Cancelled' }, ...commonErrors, ...conflictError },
});

export const monicaImportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(startRoute, async (c) => c.json({ data: await startMonicaImport(c.var.deps, c.req.valid('json')) }, 202))
  .openapi(cancelRoute, async (c) => {
    await cancelMonicaImport(c.var.deps, c.req.valid('param').id);
    return c.body(null, 204);
  });
