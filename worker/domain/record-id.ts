import { z } from 'zod';

/** A record's id as the API's paths and bodies and the pages' forms carry it. */
export const recordIdSchema = z.string().min(1).max(64);
