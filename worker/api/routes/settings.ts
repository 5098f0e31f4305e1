import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createCalendarFeed, getKeepInTouchSettings, revokeCalendarFeed } from '../../domain/keep-in-touch/keep-in-touch-settings';
import { updateKeepInTouchSettingsCommand } from '../../domain/keep-in-touch/keep-in-touch-settings-command';
import { commonErrors, dataResponse, jsonBody, providerErrors, security } from '../openapi-helpers';
import { keepInTouchSettingsSchema } from '../schemas/keep-in-touch';
import { lifeEventReadingSchema } from '../schemas/life-events';
import { getLifeEventReading, updateLifeEventReadingCommand } from '../../domain/life-events/message-reading-settings';
import type { AppEnv } from '../types';

const tags = ['Keep in touch'];

const getRoute = createRoute({
  method: 'get',
  path: '/keep-in-touch',
  tags,
  security,
  responses: { 200: dataResponse(keepInTouchSettingsSchema), ...commonErrors },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/keep-in-touch',
  tags,
  security,
  description:
    'Default cadence per priority (null: none; contacts with their own cadence keep it) and the weekly digest email (off by default).',
  request: { body: jsonBody(updateKeepInTouchSettingsCommand.input) },
  responses: { 200: dataResponse(keepInTouchSettingsSchema), ...commonErrors },
});

const createFeedRoute = createRoute({
  method: 'post',
  path: '/calendar-feed',
  tags,
  security,
  description:
    'Creates the secret calendar feed URL, or a new one (the old URL stops working). Shown once. A feed created with an access token is revoked with that token.',
  responses: {
    201: dataResponse(z.object({ url: z.string(), token: z.string() }), 'The feed URL (under APP_URL), shown once'),
    ...commonErrors,
    503: providerErrors[503],
  },
});

const revokeFeedRoute = createRoute({
  method: 'delete',
  path: '/calendar-feed',
  tags,
  security,
  responses: { 204: { description: 'The feed URL no longer works' }, ...commonErrors },
});

const getReadingRoute = createRoute({
  method: 'get',
  path: '/life-events',
  tags: ['Life events'],
  security,
  description: 'Whether Kith reads new messages for life events, and the model calls it made today against its daily cap.',
  responses: { 200: dataResponse(lifeEventReadingSchema), ...commonErrors },
});

const patchReadingRoute = createRoute({
  method: 'patch',
  path: '/life-events',
  tags: ['Life events'],
  security,
  description: 'Turns the reading of new messages for life events on or off. Turned on again, it reads only what arrives from then on.',
  request: { body: jsonBody(updateLifeEventReadingCommand.input) },
  responses: { 200: dataResponse(lifeEventReadingSchema), ...commonErrors },
});

export const settingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getReadingRoute, async (c) => c.json({ data: await getLifeEventReading(c.var.deps) }, 200))
  .openapi(patchReadingRoute, async (c) => c.json({ data: await updateLifeEventReadingCommand.run(c.var, c.req.valid('json')) }, 200))
  .openapi(getRoute, async (c) => c.json({ data: await getKeepInTouchSettings(c.var.deps.db, c.var.user.id) }, 200))
  .openapi(patchRoute, async (c) => c.json({ data: await updateKeepInTouchSettingsCommand.run(c.var, c.req.valid('json')) }, 200))
  .openapi(createFeedRoute, async (c) => {
    return c.json({ data: await createCalendarFeed(c.var.deps, c.var.caller) }, 201);
  })
  .openapi(revokeFeedRoute, async (c) => {
    await revokeCalendarFeed(c.var.deps);
    return c.body(null, 204);
  });
