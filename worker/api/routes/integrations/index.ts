import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types';
import { integrationRoutes } from './connections';
import { telegramRoutes } from './telegram';

/** Everything under /integrations: the connected channels and their syncs, and Telegram's login steps and settings. */
export const integrationsApp = new OpenAPIHono<AppEnv>().route('/', telegramRoutes).route('/', integrationRoutes);
