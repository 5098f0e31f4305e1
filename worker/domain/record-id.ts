import { z } from 'zod';

/** A record's id as the API's paths and bodies and the pages' forms carry it. */
export const recordIdSchema = z.string().min(1).max(64);

/** Which record a write is about: the API's `{id}` path parameter, a page form's `id` field. */
export const recordTarget = z.object({ id: recordIdSchema });
