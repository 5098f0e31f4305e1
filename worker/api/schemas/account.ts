import { z } from '@hono/zod-openapi';

export const tokensRemaining = z.number().int().describe('Personal access tokens that still work; revoke them all with DELETE /tokens');
