import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { assertSeesEveryContact } from '../../domain/auth/contact-limit';
import { exportBackup } from '../../domain/backup/backup-export';
import { streamText } from '../../domain/export/contact-pages';
import { commonErrors, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const backupRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Export'],
  summary: 'A full backup of the account, to restore into another account or another Kith (POST /imports/backup)',
  description:
    'JSON Lines (format "kith-backup", version 1, described in worker/domain/backup/backup-format.ts and README "Backup and restore"): a header line, one line per record (settings, organizations, people, contacts with their identifiers, tags, dates and stored photos, the timeline, reminders, follow-ups, relationships, smart lists, dismissed duplicates, import fingerprints) and a trailer with the count. Streamed page by page. No secrets: no password, tokens, two-factor secret, channel credentials or calendar-feed address.',
  security,
  responses: {
    200: {
      description: 'The backup file, streamed',
      // Served as application/x-ndjson; text/plain is how the typed client (hono/client) knows a text answer.
      content: {
        'application/x-ndjson': { schema: z.string().openapi({ description: 'JSON Lines' }) },
        'text/plain': { schema: z.string() },
      },
    },
    ...commonErrors,
  },
});

const stamp = () => new Date().toISOString().slice(0, 10);

export const backupRoutes = new OpenAPIHono<AppEnv>().openapi(backupRoute, (c) => {
  assertSeesEveryContact(c.var.deps.db);
  return new Response(streamText(exportBackup(c.var.deps, c.var.user)), {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="kith-backup-${stamp()}.jsonl"`,
    },
  }) as never;
});
