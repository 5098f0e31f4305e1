import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types';
import { contactAiRoutes } from './ai';
import { contactRoutes } from './contact';
import { contactDateRoutes } from './dates';
import { contactDetailRoutes } from './detail';
import { contactExportRoutes } from './export';
import { contactFileRoutes } from './files';
import { contactKeepInTouchRoutes } from './keep-in-touch';
import { contactLifeEventRoutes } from './life-events';
import { contactListRoutes } from './list';
import { contactMapRoutes } from './map';
import { contactMessageRoutes } from './messages';
import { contactCircleRoutes } from './circles';
import { contactIntroPathRoutes } from './intro-paths';
import { contactRelationshipRoutes } from './relationships';
import { contactSourceRoutes } from './sources';

/**
 * Everything under /contacts, paths relative to it. The parts with a fixed second segment
 * (/ids, /bulk, /2nd-tier, /map, /export.*) come before /{id}: Hono runs the handlers that
 * match in the order they were added, and /{id} would take "ids" for a contact's id
 * (tests/api/route-order.test.ts).
 */
export const contactsApp = new OpenAPIHono<AppEnv>()
  .route('/', contactListRoutes)
  .route('/', contactMapRoutes)
  .route('/', contactExportRoutes)
  .route('/', contactRoutes)
  .route('/', contactDetailRoutes)
  .route('/', contactAiRoutes)
  .route('/', contactMessageRoutes)
  .route('/', contactDateRoutes)
  .route('/', contactKeepInTouchRoutes)
  .route('/', contactRelationshipRoutes)
  .route('/', contactIntroPathRoutes)
  .route('/', contactCircleRoutes)
  .route('/', contactSourceRoutes)
  .route('/', contactLifeEventRoutes)
  .route('/', contactFileRoutes);
