import { z } from '@hono/zod-openapi';
import { WAYS_IN, type WayIn } from '../../domain/auth/every-way-in';

export const tokensRemaining = z.number().int().describe('Personal access tokens that still work; revoke them all with DELETE /tokens');

/** What a reset, "log out everywhere" or an account deletion ended: how many of each way in. */
export const endedWaysIn = z
  .object(
    Object.fromEntries((Object.keys(WAYS_IN) as WayIn[]).map((name) => [name, z.number().int().min(0)])) as Record<WayIn, z.ZodNumber>,
  )
  .describe(
    "How many credentials of each kind were ended: sessions, personal access tokens, sync passwords, connected apps with their access tokens and codes, pending two-factor sign-ins, unused reset links, remembered devices, the calendar feed's secret URL (0 or 1), devices with notifications, webhooks registered by a token, and Monica imports still running with their sealed token",
  )
  .openapi('EndedWaysIn');
