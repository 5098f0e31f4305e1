import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { sendMessage, sendMessageSchema } from '../../../domain/messages/send-message';
import {
  commonErrors,
  conflictError,
  dataResponse,
  idParam,
  jsonBody,
  providerErrors,
  security,
  unprocessableError,
} from '../../openapi-helpers';
import { interactionSchema } from '../../schemas/detail';
import type { AppEnv } from '../../types';

const sendRoute = createRoute({
  method: 'post',
  path: '/{id}/messages',
  tags: ['Messages'],
  summary: 'Send a message to the contact through a connected channel and log it on the timeline',
  description:
    'Email goes out through the connected Gmail account. 409 channel_not_connected when the channel is not connected; ' +
    "`twitter` is an X direct message to the contact's X handle (422 without one, or when X has no such account); " +
    '429 with Retry-After when the provider rate limits. The same idempotency_key answers the first send (200) instead of sending again.',
  security,
  request: { params: idParam, body: jsonBody(sendMessageSchema) },
  responses: {
    201: dataResponse(interactionSchema, 'Sent; the outbound interaction'),
    200: dataResponse(interactionSchema, 'Sent before with this idempotency_key; that interaction'),
    ...commonErrors,
    ...conflictError,
    ...unprocessableError,
    ...providerErrors,
  },
});

export const contactMessageRoutes = new OpenAPIHono<AppEnv>().openapi(sendRoute, async (c) => {
  const { interaction, replayed } = await sendMessage(c.var.deps, c.var.user, c.req.valid('param').id, c.req.valid('json'));
  return c.json({ data: interaction }, replayed ? 200 : 201);
});
