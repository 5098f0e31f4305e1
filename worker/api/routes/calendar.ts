import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { calendarFeed } from '../../domain/keep-in-touch/calendar-feed';
import { AppError } from '../../domain/errors';
import type { AppEnv } from '../types';

const tags = ['Keep in touch'];

const feedRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags,
  description:
    "The iCalendar (RFC 5545) feed of your reminders and dues (one all-day event per item), and of what comes back every year: the contacts' birthdays, anniversaries and other dates and the yearly life events, each an all-day event with RRULE:FREQ=YEARLY (UIDs contact-date-<id>@kith, life-event-<id>@kith). The secret URL is the credential; no session needed.",
  request: { params: z.object({ token: z.string().min(1).max(120) }) },
  responses: {
    200: { description: 'text/calendar', content: { 'text/calendar': { schema: z.string() } } },
    404: {
      description: 'Unknown or revoked feed',
      content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } },
    },
  },
});

export const calendarFeedRoutes = new OpenAPIHono<AppEnv>().openapi(feedRoute, async (c) => {
  const token = c.req.valid('param').token.replace(/\.ics$/, '');
  const text = await calendarFeed(c.var.server, token, c.var.server.settings);
  if (text === null) throw new AppError('not_found', 'This calendar feed does not exist or was revoked');
  return c.body(text, 200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-store' });
});
