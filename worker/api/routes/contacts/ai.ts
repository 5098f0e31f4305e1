import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { applyBio, extractBio, previewBio } from '../../../domain/bio/extract-bio';
import { cleanExtraction, extractionInputSchema } from '../../../domain/bio/extraction-answer';
import { DRAFT_CHANNEL_IDS } from '../../../domain/drafts/channels';
import { draftMessage } from '../../../domain/drafts/draft-message';
import { enrichContact } from '../../../domain/enrichment/enrich-contact';
import { recordIdSchema } from '../../../domain/record-id';
import { commonErrors, dataResponse, idParam, jsonBody, providerErrors, security, unprocessableError } from '../../openapi-helpers';
import { contactSchema } from '../../schemas/contact';
import type { AppEnv } from '../../types';

const skippedSchema = z.object({
  field: z.string(),
  value: z.string(),
  reason: z.enum(['duplicate_identifier', 'invalid', 'limit_reached']),
  existing_contact: z.object({ id: z.string(), full_name: z.string() }).optional(),
});

const enrichRoute = createRoute({
  method: 'post',
  path: '/{id}/enrich',
  tags: ['Enrichment and AI'],
  summary: 'Enrich with Apollo: fill the empty fields from the people-matching provider',
  security,
  request: { params: idParam },
  responses: {
    200: dataResponse(
      z.object({
        fields_updated: z.array(z.string()),
        skipped: z.array(skippedSchema),
        source: z.literal('enrichment'),
        contact: contactSchema,
      }),
      'What was filled, what was skipped and why, and the contact as it now is',
    ),
    ...commonErrors,
    ...unprocessableError,
    ...providerErrors,
  },
});

const extractBioRoute = createRoute({
  method: 'post',
  path: '/{id}/extract-bio',
  tags: ['Enrichment and AI'],
  summary: 'The magic wand: extract name, title and company details from the bios with the language model',
  description:
    'Without a body, asks the model and applies its answer. With `{"preview": true}`, writes nothing and answers what would change (`changes`, with `job_change` when a bio line states another company or title than the card) with the `extraction` to send back. With `{"extraction": {...}}`, applies that extraction without asking the model again, under the same rules; a job change also records a life event (`recorded_event`).',
  security,
  request: {
    params: idParam,
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z.object({ preview: z.literal(true).optional(), extraction: extractionInputSchema.strict().optional() }).strict(),
        },
      },
    },
  },
  responses: {
    200: dataResponse(
      z.object({
        fields_updated: z.array(z.string()),
        source: z.literal('ai_bio'),
        changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string() })).optional(),
        job_change: z
          .object({ kind: z.string(), summary: z.string(), evidence: z.string() })
          .nullable()
          .optional()
          .describe('Preview: the bios state another company or title than the card; Apply records this life event, quoting the bio line'),
        recorded_event: z
          .object({ id: z.string(), kind: z.string(), summary: z.string(), evidence: z.string() })
          .optional()
          .describe("Apply: the job change recorded in the contact's Life section, with the bio line as evidence"),
        extraction: z
          .record(z.string(), z.string().nullable())
          .optional()
          .describe('What the model found: send it back as {extraction} to apply'),
      }),
      'The fields written (company_* are on the organization); for a preview, none, with the changes it would make',
    ),
    ...commonErrors,
    ...unprocessableError,
    ...providerErrors,
  },
});

const draftRoute = createRoute({
  method: 'post',
  path: '/{id}/draft',
  tags: ['Enrichment and AI'],
  summary: 'Draft a message to the contact with the language model',
  security,
  request: {
    params: idParam,
    body: jsonBody(
      z
        .object({
          channel: z.enum(DRAFT_CHANNEL_IDS),
          event_id: recordIdSchema
            .optional()
            .openapi({ description: "One of the contact's life events: the draft is about it (Home's Congratulate)" }),
          intro_to: recordIdSchema.optional().openapi({
            description:
              'A contact the user wants this contact to introduce them to: the draft asks for the introduction, with the path found by GET /contacts/{intro_to}/intro-paths as context (422 when this contact is on no such path; not with event_id)',
          }),
        })
        .strict(),
    ),
  },
  responses: {
    200: dataResponse(
      z.object({ channel: z.enum(DRAFT_CHANNEL_IDS), subject: z.string().optional(), body: z.string() }),
      'The draft; subject for email only',
    ),
    ...commonErrors,
    ...unprocessableError,
    ...providerErrors,
  },
});

export const contactAiRoutes = new OpenAPIHono<AppEnv>()
  .openapi(enrichRoute, async (c) => c.json({ data: await enrichContact(c.var.deps, c.var.user.id, c.req.valid('param').id) }, 200))
  .openapi(extractBioRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = (c.req.header('content-type')?.includes('application/json') ? c.req.valid('json') : {}) ?? {};
    const { deps, user } = c.var;
    if (body.preview) {
      const preview = await previewBio(deps, user.id, id);
      return c.json({ data: { fields_updated: [], source: 'ai_bio' as const, ...preview } }, 200);
    }
    const result = body.extraction
      ? await applyBio(deps, user.id, id, cleanExtraction(body.extraction))
      : await extractBio(deps, user.id, id);
    return c.json({ data: result }, 200);
  })
  .openapi(draftRoute, async (c) => {
    const { channel, event_id, intro_to } = c.req.valid('json');
    const about = { eventId: event_id, introTo: intro_to };
    return c.json({ data: await draftMessage(c.var.deps, c.var.user, c.req.valid('param').id, channel, {}, about) }, 200);
  });
