import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { clustersInBox } from '../../../domain/map/map-clusters';
import { parseMapBox } from '../../../domain/map/map-box';
import { MAX_PINS, pinsInBox } from '../../../domain/map/map-pin-queries';
import { listedRowidsSql } from '../../../domain/search/contact-list-queries';
import { limitOfDb } from '../../../domain/auth/contact-limit';
import { listFilterParams, toContactListQuery } from '../../../domain/search/contact-list-params';
import { commonErrors, security } from '../../openapi-helpers';
import type { AppEnv } from '../../types';

const bboxParam = z
  .string()
  .transform((text, ctx) => {
    const box = parseMapBox(text);
    if (typeof box === 'string') {
      ctx.addIssue({ code: 'custom', message: box });
      return z.NEVER;
    }
    return box;
  })
  .openapi({
    type: 'string',
    description: 'minLng,minLat,maxLng,maxLat; minLng > maxLng crosses the antimeridian',
    example: '-10,35,30,60',
  });

const zoomParam = z.coerce.number().min(0).max(24);

const pinSchema = z
  .object({
    id: z.string(),
    full_name: z.string(),
    avatar_url: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    relationship_score: z.number(),
  })
  .openapi('Pin');

const clusterSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    count: z.number().int(),
    pin: pinSchema.optional(),
    at_one_point: z
      .literal(true)
      .optional()
      .describe('Every contact of this group is at the very same point: zooming in never splits it, so list them instead'),
  })
  .openapi('MapCluster');

const boundsMeta = z.object({ total_in_bounds: z.number().int() });

const pinsRoute = createRoute({
  method: 'get',
  path: '/map',
  tags: ['Map'],
  security,
  description:
    'With any of the contact list\'s filters (q, place, tag, source, score_min, score_max, priority, due_by), only the contacts that list shows: "show on map" from a filtered list. Without them, every placed contact, archived ones too.',
  request: {
    query: z.object({
      bbox: bboxParam,
      ...listFilterParams,
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .default(MAX_PINS)
        .transform((n) => Math.min(n, MAX_PINS)),
      zoom: zoomParam.optional(),
    }),
  },
  responses: {
    200: {
      description: 'Contacts in the box, best score first',
      content: { 'application/json': { schema: z.object({ data: z.array(pinSchema), meta: boundsMeta }) } },
    },
    ...commonErrors,
  },
});

const clustersRoute = createRoute({
  method: 'get',
  path: '/map/clusters',
  tags: ['Map'],
  security,
  description:
    'With any of the contact list\'s filters (q, place, tag, source, score_min, score_max, priority, due_by), only the contacts that list shows: "show on map" from a filtered list. Without them, every placed contact, archived ones too.',
  request: { query: z.object({ bbox: bboxParam, zoom: zoomParam, ...listFilterParams }) },
  responses: {
    200: {
      description: 'Clusters over every contact in the box (radius 50 px, none at zoom 14 and above)',
      content: { 'application/json': { schema: z.object({ data: z.array(clusterSchema), meta: boundsMeta }) } },
    },
    ...commonErrors,
  },
});

export const contactMapRoutes = new OpenAPIHono<AppEnv>()
  .openapi(pinsRoute, async (c) => {
    const { bbox, limit, zoom: _zoom, ...filters } = c.req.valid('query');
    const subset = listedRowidsSql(c.var.user.id, { ...toContactListQuery(filters), limit: limitOfDb(c.var.deps.db) });
    const { pins, totalInBounds } = await pinsInBox(c.var.deps.db, c.var.user.id, bbox, limit, subset);
    return c.json({ data: pins, meta: { total_in_bounds: totalInBounds } }, 200);
  })
  .openapi(clustersRoute, async (c) => {
    const { bbox, zoom, ...filters } = c.req.valid('query');
    const subset = listedRowidsSql(c.var.user.id, { ...toContactListQuery(filters), limit: limitOfDb(c.var.deps.db) });
    const { clusters, totalInBounds } = await clustersInBox(c.var.deps.db, c.var.user.id, bbox, zoom, subset);
    return c.json({ data: clusters, meta: { total_in_bounds: totalInBounds } }, 200);
  });
