import { newId, nowIso, sha256Hex } from '../../db/columns';
import { jobMessageSchema, type JobMessage } from '../../jobs/messages';
import { depsForUser, type Deps, type ServerDeps } from '../deps';
import { notFound } from '../errors';
import {
  countDeadLetters,
  deadLettersPage,
  deleteOwnDeadLetter,
  ownDeadLetter,
  requeueFailedImport,
  upsertDeadLetter,
  type DeadLetterRow,
} from './dead-letter-queries';

/** What the user sees of a job the queue gave up on. */
export interface DeadLetterView {
  id: string;
  type: string;
  body: Record<string, unknown>;
  error: string;
  attempts: number;
  first_seen_at: string;
  last_seen_at: string;
}

// Keys sorted, so the same job always has the same fingerprint whatever order its fields came in.
const canonical = (job: JobMessage) => JSON.stringify(Object.fromEntries(Object.entries(job).sort(([a], [b]) => a.localeCompare(b))));

/** Error text kept short and free of provider bodies (they may echo secrets). */
const shortError = (error: string) => error.replace(/\s+/g, ' ').slice(0, 500);

/**
 * Records (or updates) the dead letter of `job`. The main consumer passes its delivery count
 * on the last failed delivery, added to the stored count (a replay that fails again adds up).
 * The dead-letter consumer passes `keepError`: an existing row keeps its error and count, so
 * the same failure is never counted twice.
 * A job of a user deleted in the meantime is not recorded (there is nobody to show it to).
 */
export async function recordDeadLetter(
  server: ServerDeps,
  job: JobMessage,
  error: string,
  attempts: number,
  options: { keepError?: boolean } = {},
): Promise<void> {
  const userId = 'user_id' in job && job.user_id ? job.user_id : null;
  const body = canonical(job);
  const fingerprint = await sha256Hex(body);
  const now = nowIso();
  // With the user's data (on a shard, its users row is the stub); a cron-wide job's in the directory.
  const d1 = userId ? (await depsForUser(server, userId)).store.d1 : server.directory.d1;
  await upsertDeadLetter(d1, {
    id: newId(),
    userId,
    fingerprint,
    jobType: job.type,
    body,
    error: shortError(error),
    attempts,
    keepError: Boolean(options.keepError),
    now,
  });
}

function view(row: DeadLetterRow): DeadLetterView {
  return {
    id: row.id,
    type: row.jobType,
    body: JSON.parse(row.body) as Record<string, unknown>,
    error: row.error,
    attempts: row.attempts,
    first_seen_at: row.firstSeenAt,
    last_seen_at: row.lastSeenAt,
  };
}

/** The user's dead letters, most recently failed first. */
export async function listDeadLetters(
  deps: Deps,
  userId: string,
  page = 1,
  pageSize = 50,
): Promise<{ items: DeadLetterView[]; total: number }> {
  const [rows, totals] = await Promise.all([deadLettersPage(deps.db, userId, page, pageSize), countDeadLetters(deps.db, userId)]);
  return { items: rows.map(view), total: totals[0]?.n ?? 0 };
}

async function findOwn(deps: Deps, userId: string, id: string) {
  const row = await ownDeadLetter(deps.db, userId, id);
  if (!row) throw notFound('Failed job');
  return row;
}

/**
 * Puts the job back on the main queue and forgets the dead letter. Sent before the delete:
 * if the delete fails the row stays and a second replay is harmless (handlers are idempotent).
 */
export async function replayDeadLetter(deps: Deps, userId: string, id: string): Promise<DeadLetterView> {
  const row = await findOwn(deps, userId, id);
  const job = jobMessageSchema.parse(JSON.parse(row.body));
  if (job.type === 'run_import' || job.type === 'sync_google_contacts') {
    // The last failed delivery marked the import stopped; a replay picks it up where it stopped
    // (staged rows left, or the Google resume point), so it must be waiting again.
    await requeueFailedImport(deps.store.d1, userId, job.import_id, nowIso());
  }
  await deps.jobs.send(job);
  await deleteOwnDeadLetter(deps.db, userId, id);
  return view(row);
}

/** Forgets a dead letter without running it again. */
export async function dismissDeadLetter(deps: Deps, userId: string, id: string): Promise<void> {
  await findOwn(deps, userId, id);
  await deleteOwnDeadLetter(deps.db, userId, id);
}
