import { $, createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { assertSeesEveryContact } from '../../domain/auth/contact-limit';
import { recordIdSchema } from '../../domain/record-id';
import { createWebhookCommand, updateWebhookCommand } from '../../domain/webhooks/webhook-commands';
import { getDelivery, listDeliveries, redeliver, sendTestDelivery } from '../../domain/webhooks/webhook-deliveries';
import { deleteWebhook, getWebhook, listWebhooks, rotateWebhookSecret } from '../../domain/webhooks/webhook-endpoints';
import {
  commonErrors,
  dataResponse,
  idParam,
  jsonBody,
  pagedResponse,
  pageMeta,
  pageQuery,
  security,
  unprocessableError,
} from '../openapi-helpers';
import {
  webhookDeliveryDetailSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '../schemas/webhooks';
import type { AppEnv } from '../types';

const tags = ['Webhooks'];
const deliveryParam = idParam.extend({ delivery_id: recordIdSchema });

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Your webhook endpoints',
  security,
  request: { query: z.object(pageQuery) },
  responses: { 200: pagedResponse(webhookEndpointSchema), ...commonErrors },
});

const createWebhookRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Registers an endpoint for events; answers its signing secret, shown once',
  description:
    'The address must be https on a public host (names are resolved; private, loopback and link-local addresses are refused), unless the server lists its host in ALLOWED_PRIVATE_HOSTS. Deliveries are POSTed with the headers Kith-Event, Kith-Delivery and Kith-Signature (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`); the payloads are in this document\'s `webhooks` section. At most 10 endpoints.',
  security,
  request: { body: jsonBody(createWebhookCommand.input) },
  responses: { 201: dataResponse(webhookEndpointWithSecretSchema, 'Registered'), ...commonErrors, ...unprocessableError },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(webhookEndpointSchema), ...commonErrors },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags,
  summary: "Changes an endpoint's address, events, description, or turns it off and on",
  security,
  request: { params: idParam, body: jsonBody(updateWebhookCommand.input) },
  responses: { 200: dataResponse(webhookEndpointSchema), ...commonErrors, ...unprocessableError },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Deletes an endpoint with its delivery log',
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

const rotateRoute = createRoute({
  method: 'post',
  path: '/{id}/rotate-secret',
  tags,
  summary: 'A new signing secret, shown once; the previous one keeps signing beside it for 24 hours',
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(webhookEndpointWithSecretSchema), ...commonErrors },
});

const testRoute = createRoute({
  method: 'post',
  path: '/{id}/test',
  tags,
  summary: 'Sends a webhook.test event to the endpoint, through the queue like any delivery',
  security,
  request: { params: idParam },
  responses: { 202: dataResponse(webhookDeliveryDetailSchema, 'Queued; its attempts appear in the delivery log'), ...commonErrors },
});

const deliveriesRoute = createRoute({
  method: 'get',
  path: '/{id}/deliveries',
  tags,
  summary: "The endpoint's delivery log, newest first (the newest 200 are kept)",
  security,
  request: { params: idParam, query: z.object(pageQuery) },
  responses: { 200: pagedResponse(webhookDeliverySchema), ...commonErrors },
});

const deliveryRoute = createRoute({
  method: 'get',
  path: '/{id}/deliveries/{delivery_id}',
  tags,
  summary: "A delivery with its body and each attempt's request headers, the receiver's status and the start of its answer",
  security,
  request: { params: deliveryParam },
  responses: { 200: dataResponse(webhookDeliveryDetailSchema), ...commonErrors },
});

const redeliverRoute = createRoute({
  method: 'post',
  path: '/{id}/deliveries/{delivery_id}/redeliver',
  tags,
  summary: 'Sends a delivery again, with a new round of retries (the same body and event id)',
  security,
  request: { params: deliveryParam },
  responses: { 202: dataResponse(webhookDeliveryDetailSchema, 'Queued'), ...commonErrors },
});

// A webhook hears of every contact and note, and its delivery log shows each body it sent: no
// token limited to some contacts or without private notes may set one up or read it (ADR 044).
export const webhookRoutes = $(
  new OpenAPIHono<AppEnv>().use('*', async (c, next) => {
    assertSeesEveryContact(c.var.deps.db, 'use webhooks, which carry every contact and note');
    await next();
  }),
)
  .openapi(listRoute, async (c) => {
    const { page, page_size } = c.req.valid('query');
    const { items, total } = await listWebhooks(c.var.deps.store, page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(createWebhookRoute, async (c) => c.json({ data: await createWebhookCommand.run(c.var, c.req.valid('json')) }, 201))
  .openapi(getRoute, async (c) => c.json({ data: await getWebhook(c.var.deps.store, c.req.valid('param').id) }, 200))
  .openapi(updateRoute, async (c) =>
    c.json({ data: await updateWebhookCommand.run({ ...c.var, id: c.req.valid('param').id }, c.req.valid('json')) }, 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteWebhook(c.var.deps.store, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(rotateRoute, async (c) =>
    c.json({ data: await rotateWebhookSecret(c.var.deps.store, c.var.deps.settings, c.req.valid('param').id) }, 200),
  )
  .openapi(testRoute, async (c) =>
    c.json({ data: await sendTestDelivery(c.var.deps.store, c.var.deps.jobs, c.req.valid('param').id) }, 202),
  )
  .openapi(deliveriesRoute, async (c) => {
    const { page, page_size } = c.req.valid('query');
    const { items, total } = await listDeliveries(c.var.deps.store, c.req.valid('param').id, page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(deliveryRoute, async (c) => {
    const { id, delivery_id } = c.req.valid('param');
    return c.json({ data: await getDelivery(c.var.deps.store, id, delivery_id) }, 200);
  })
  .openapi(redeliverRoute, async (c) => {
    const { id, delivery_id } = c.req.valid('param');
    return c.json({ data: await redeliver(c.var.deps.store, c.var.deps.jobs, id, delivery_id) }, 202);
  });
