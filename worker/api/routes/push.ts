import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  pushHourInput,
  pushSettings,
  removePushDevice,
  setPushHour,
  subscribeInput,
  subscribePush,
} from '../../domain/push/push-subscriptions';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, providerErrors, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const device = z
  .object({
    id: z.string(),
    device: z.string().describe('How the device described itself when it subscribed'),
    created_at: z.string(),
    last_sent_at: z.string().nullable().describe('When reminders were last pushed to it'),
  })
  .openapi('PushDevice');

const settings = z
  .object({
    available: z.boolean().describe('Whether this server sends notifications (VAPID_* set)'),
    public_key: z.string().nullable().describe("The VAPID public key: PushManager.subscribe()'s applicationServerKey"),
    hour: z.number().int().describe("The local hour (0-23, the account's time zone) due reminders arrive at"),
    devices: z.array(device),
  })
  .openapi('PushSettings');

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  security,
  description: "Notifications: whether the server sends them, the hour they arrive at, and the account's devices that turned them on.",
  responses: { 200: dataResponse(settings), ...commonErrors },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: ['Account'],
  security,
  description: 'Sets the local hour due reminders, overdue cadences and follow-ups are pushed at (once a day).',
  request: { body: jsonBody(pushHourInput) },
  responses: { 200: dataResponse(settings), ...commonErrors },
});

const subscribeRoute = createRoute({
  method: 'post',
  path: '/devices',
  tags: ['Account'],
  security,
  description:
    "Turns notifications on for one device: the browser's PushSubscription (`endpoint`, `keys.p256dh`, `keys.auth`) and a name for the device. The endpoint must be https on a public address. A device subscribing again replaces its keys.",
  request: { body: jsonBody(subscribeInput) },
  responses: { 201: dataResponse(device, 'The device'), ...commonErrors, ...conflictError, 503: providerErrors[503] },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/devices/{id}',
  tags: ['Account'],
  security,
  description: 'Turns notifications off for one device: nothing more is pushed to it.',
  request: { params: idParam },
  responses: { 204: { description: 'Removed' }, ...commonErrors },
});

export const pushRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getRoute, async (c) => c.json({ data: await pushSettings(c.var.deps.store, c.var.deps.settings) }, 200))
  .openapi(patchRoute, async (c) => c.json({ data: await setPushHour.run(c.var, c.req.valid('json')) }, 200))
  .openapi(subscribeRoute, async (c) => c.json({ data: await subscribePush.run(c.var, c.req.valid('json')) }, 201))
  .openapi(removeRoute, async (c) => {
    await removePushDevice(c.var.deps.store, c.req.valid('param').id);
    return c.body(null, 204);
  });
