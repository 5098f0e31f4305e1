import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types';
import { deadLetterRoutes } from './dead-letters';
import { geocodeBackfillRoutes } from './geocode-backfill';

/** Everything under /admin: the geocoding backfill and the dead-letter queue. */
export const adminApp = new OpenAPIHono<AppEnv>().route('/', geocodeBackfillRoutes).route('/', deadLetterRoutes);
