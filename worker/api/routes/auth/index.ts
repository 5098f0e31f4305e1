import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types';
import { logoutEverywhereRoutes } from './logout-everywhere';
import { passkeySignInRoutes } from './passkey';
import { passwordResetRoutes } from './password-reset';
import { signInRoutes } from './sign-in';
import { twoFactorSignInRoutes } from './two-factor';

/** Everything under /auth: signing up, in (with its two-factor step, or a passkey) and out, and password resets. */
export const authApp = new OpenAPIHono<AppEnv>()
  .route('/', signInRoutes)
  .route('/', twoFactorSignInRoutes)
  .route('/', passkeySignInRoutes)
  .route('/', logoutEverywhereRoutes)
  .route('/', passwordResetRoutes);
