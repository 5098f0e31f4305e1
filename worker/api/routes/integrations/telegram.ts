import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  startTelegramLoginCommand,
  submitTelegramCodeCommand,
  submitTelegramPasswordCommand,
} from '../../../domain/telegram/telegram-login-commands';
import { getTelegramSettings, saveTelegramSettings } from '../../../domain/telegram/telegram-settings';
import { commonErrors, conflictError, dataResponse, jsonBody, providerErrors, security, unprocessableError } from '../../openapi-helpers';
import type { AppEnv } from '../../types';

const loginStateSchema = z
  .object({
    status: z.enum(['pending', 'connected']),
    next: z.enum(['code', 'password']).nullable().openapi({ description: 'What the login waits for while pending' }),
    account_label: z.string().nullable(),
  })
  .openapi('TelegramLoginState');

const settingsSchema = z
  .object({
    tag_second_tier: z.boolean().openapi({ description: 'Group participants never messaged directly become contacts tagged "2nd tier"' }),
  })
  .strict()
  .openapi('TelegramSettings');

const loginStep = <Body extends z.ZodType>(path: string, summary: string, body: Body) =>
  createRoute({
    method: 'post',
    path: `/telegram/${path}`,
    tags: ['Integrations'],
    summary,
    description: '422 with a plain message when Telegram refuses the answer (wrong code or password); 429 with Retry-After on FLOOD_WAIT.',
    security,
    request: { body: jsonBody(body) },
    responses: { 200: dataResponse(loginStateSchema), ...commonErrors, ...conflictError, ...unprocessableError, ...providerErrors },
  });

const loginRoute = loginStep(
  'login',
  "Connect Telegram, step 1: Telegram sends a login code to the phone number's Telegram app (status pending)",
  startTelegramLoginCommand.input,
);
const codeRoute = loginStep(
  'code',
  'Connect Telegram, step 2: the login code; accounts with two-step verification then need the password',
  submitTelegramCodeCommand.input,
);
const passwordRoute = loginStep(
  'password',
  'Connect Telegram, step 3 (two-step verification only): the account password',
  submitTelegramPasswordCommand.input,
);

const getSettingsRoute = createRoute({
  method: 'get',
  path: '/telegram/settings',
  tags: ['Integrations'],
  summary: 'The Telegram options',
  security,
  responses: { 200: dataResponse(settingsSchema), ...commonErrors },
});

const putSettingsRoute = createRoute({
  method: 'put',
  path: '/telegram/settings',
  tags: ['Integrations'],
  summary: 'Change the Telegram options (tag group members never messaged as "2nd tier")',
  security,
  request: { body: jsonBody(settingsSchema) },
  responses: { 200: dataResponse(settingsSchema), ...commonErrors },
});

export const telegramRoutes = new OpenAPIHono<AppEnv>()
  .openapi(loginRoute, async (c) => c.json({ data: await startTelegramLoginCommand.run(c.var, c.req.valid('json')) }, 200))
  .openapi(codeRoute, async (c) => c.json({ data: await submitTelegramCodeCommand.run(c.var, c.req.valid('json')) }, 200))
  .openapi(passwordRoute, async (c) => c.json({ data: await submitTelegramPasswordCommand.run(c.var, c.req.valid('json')) }, 200))
  .openapi(getSettingsRoute, async (c) => c.json({ data: await getTelegramSettings(c.var.deps, c.var.user.id) }, 200))
  .openapi(putSettingsRoute, async (c) =>
    c.json({ data: await saveTelegramSettings(c.var.deps, c.var.user.id, c.req.valid('json')) }, 200),
  );
