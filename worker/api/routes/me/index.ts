import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types';
import { accountRoutes } from './account';
import { passkeyRoutes } from './passkeys';
import { profileRoutes } from './profile';
import { twoFactorRoutes } from './two-factor';

/** Everything under /me: the signed-in user's profile, password, sessions and two-factor setup and passkeys. */
export const meApp = new OpenAPIHono<AppEnv>()
  .route('/', profileRoutes)
  .route('/', accountRoutes)
  .route('/', twoFactorRoutes)
  .route('/', passkeyRoutes);
