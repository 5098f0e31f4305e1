import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { calendarFeed } from '../../domain/keep-in-touch/calendar-feed';
import {
  createCalendarFeed,
  getKeepInTouchSettings,
  keepInTouchSettingsInputSchema,
  revokeCalendarToken,
  updateKeepInTouchSettings,
} from '../../domain/keep-in-touch/keep-in-touch-settings';
import { AppError } from '../../domain/errors';
import { unsubscribeFromDigest } from '../../domain/keep-in-touch/weekly-digest';
import { commonErrors, dataResponse, jsonBody, providerErrors, security } from '../openapi-helpers';
import { keepInTouchSettingsSchema } from '../schemas/keep-in-touch';
import type { AppEnv } from '../types';

const tags = ['Keep in touch'];

const getRoute = createRoute({
  method: 'get',
  path: '/settings/keep-in-touch',
  tags,
  security,
  responses: { 200: dataResponse(keepInTouchSettingsSchema), ...commonErrors },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/settings/keep-in-touch',
  tags,
  security,
  description: 'Default cadence per priority (null: none; contacts with their own cadence keep it) and the weekly digest email (off by default).',
  request: { body: jsonBody(keepInTouchSettingsInputSchema) },
  responses: { 200: dataResponse(keepInTouchSettingsSchema), ...commonErrors },
});

const createFeedRoute = createRoute({
  method: 'post',
  path: '/settings/calendar-feed',
  tags,
  security,
  description: 'Creates the secret calendar feed URL, or a new one (the old URL stops working). Shown once.',
  responses: { 201: dataResponse(z.object({ url: z.string(), token: z.string() }), 'The feed URL (under APP_URL), shown once'), ...commonErrors, 503: providerErrors[503] },
});

const revokeFeedRoute = createRoute({
  method: 'delete',
  path: '/settings/calendar-feed',
  tags,
  security,
  responses: { 204: { description: 'The feed URL no longer works' }, ...commonErrors },
});

const feedRoute = createRoute({
  method: 'get',
  path: '/calendar/{token}',
  tags,
  description: 'The iCalendar (RFC 5545) feed of your reminders and dues: one all-day event per item. The secret URL is the credential; no session needed.',
  request: { params: z.object({ token: z.string().min(1).max(120) }) },
  responses: {
    200: { description: 'text/calendar', content: { 'text/calendar': { schema: z.string() } } },
    404: { description: 'Unknown or revoked feed', content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } } },
  },
});

export const keepInTouchSettingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getRoute, async (c) => c.json({ data: await getKeepInTouchSettings(c.var.deps.db, c.var.user.id) }, 200))
  .openapi(patchRoute, async (c) => c.json({ data: await updateKeepInTouchSettings(c.var.deps.db, c.var.user.id, c.req.valid('json')) }, 200))
  .openapi(createFeedRoute, async (c) => {
    return c.json({ data: await createCalendarFeed(c.var.deps.db, c.var.user.id, c.var.deps.settings) }, 201);
  })
  .openapi(revokeFeedRoute, async (c) => {
    await revokeCalendarToken(c.var.deps.db, c.var.user.id);
    return c.body(null, 204);
  })
  .openapi(feedRoute, async (c) => {
    const token = c.req.valid('param').token.replace(/\.ics$/, '');
    const text = await calendarFeed(c.var.server, token, c.var.server.settings);
    if (text === null) throw new AppError('not_found', 'This calendar feed does not exist or was revoked');
    return c.body(text, 200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-store' });
  });

const unsubscribeRoute = createRoute({
  method: 'get',
  path: '/digest/unsubscribe',
  tags,
  description: "The weekly digest email's unsubscribe link: the signed token is the credential, no session needed. Answers a small HTML page.",
  request: { query: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: { description: 'Unsubscribed', content: { 'text/html': { schema: z.string() } } },
    404: { description: 'The link is not valid', content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } } },
  },
});

export const digestUnsubscribeRoutes = new OpenAPIHono<AppEnv>().openapi(unsubscribeRoute, async (c) => {
  if (!(await unsubscribeFromDigest(c.var.server, c.req.valid('query').token))) throw new AppError('not_found', 'This unsubscribe link is not valid');
  return c.html('<!doctype html><meta charset="utf-8"><title>Unsubscribed · Kith</title><p>You will no longer get the weekly digest. You can turn it back on in Kith’s Settings.</p>', 200);
});
