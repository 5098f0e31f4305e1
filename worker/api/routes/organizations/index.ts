import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types';
import { organizationIntroPathRoutes } from './intro-paths';
import { organizationLogoRoutes } from './logo';
import { organizationRoutes } from './organizations';

/** Everything under /organizations. */
export const organizationsApp = new OpenAPIHono<AppEnv>()
  .route('/', organizationRoutes)
  .route('/', organizationLogoRoutes)
  .route('/', organizationIntroPathRoutes);
