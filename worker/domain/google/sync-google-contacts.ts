import { newId, nowIso } from '../../db/columns';
import {
  ExpiredSyncTokenError,
  GoogleUnauthorizedError,
  listConnections,
  listContactGroups,
  type ConnectionsPage,
  type PeopleApi,
} from '../../providers/google/people-client';
import { groupTagsOf, type GroupTags } from './group-tags';
import { planContactUpserts } from '../contacts/upsert-contacts';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { arrivedIds, contactsArrived } from '../imports/contacts-arrived';
import { announceFound } from '../life-events/announce-found';
import { providerHttp } from '../provider-http';
import { enqueueGeocoding } from '../geocoding/enqueue-geocoding';
import { importProgressStatement } from '../imports/import-queries';
import { addWarnings, emptyTally } from '../imports/run-import';
import { googleAccessToken } from './google-access-token';
import { googleOAuthConfig } from './google-config';
import { connectedGoogleUser, contactsSyncToken, markContactsSynced } from './google-connection-queries';
import {
  chunkSaved,
  createSyncImport,
  findSyncImport,
  markSyncDone,
  markSyncFailed,
  markSyncRunning,
  type ResumePoint,
} from './google-sync-queries';
import { personToRecord } from './person-to-record';

/** POST /sync/google-contacts: an import row to follow, and the job that fills it. */
export async function startGoogleSync(deps: Deps, userId: string): Promise<{ import_id: string }> {
  googleOAuthConfig(deps);
  const connected = await connectedGoogleUser(deps.db, userId);
  if (!connected) throw new AppError('channel_not_connected', 'Connect your Google account in Settings first');
  const id = newId();
  const now = nowIso();
  await createSyncImport(deps.store.d1, id, userId, now);
  await deps.jobs.send({ type: 'sync_google_contacts', user_id: userId, import_id: id });
  return { import_id: id };
}

const CHUNK = 500;

/**
 * The sync job: pages through people/me/connections (incrementally with the stored sync
 * token, or in full the first time or when Google says the token expired) and upserts each
 * person. People missing from a run, or deleted in Google, are never deleted or archived here.
 */
export async function runGoogleSync(deps: Deps, userId: string, importId: string): Promise<void> {
  const d1 = deps.store.d1;
  const conn = await contactsSyncToken(deps.db, userId);
  const status = await findSyncImport(d1, importId, userId);
  if (!conn || !status || status.status === 'done' || status.status === 'failed') return;
  await markSyncRunning(d1, importId, nowIso());

  // A redelivered job resumes after the last chunk that was saved, so nothing is counted twice.
  const resume = status.resume;
  let syncToken = resume ? (resume.syncToken ?? undefined) : (conn.syncToken ?? undefined);
  let pageToken = resume?.pageToken;
  let skip = resume?.done ?? 0;
  let refreshed = false;
  let seen = resume?.seen ?? 0;
  let groups: GroupTags | undefined;
  try {
    let accessToken = await googleAccessToken(deps, userId);
    for (;;) {
      const api: PeopleApi = { ...providerHttp(deps.settings), apiUrl: deps.settings.GOOGLE_API_URL, accessToken };
      let page: ConnectionsPage;
      try {
        page = await listConnections(api, { pageToken, syncToken });
        // The account's labels, once per run, to turn memberships into tags.
        groups ??= groupTagsOf(await listContactGroups(api));
      } catch (error) {
        if (error instanceof GoogleUnauthorizedError && !refreshed) {
          accessToken = await googleAccessToken(deps, userId, true);
          refreshed = true;
          continue;
        }
        if (error instanceof ExpiredSyncTokenError && syncToken) {
          // Google's rule: start over with a full sync, without the token.
          syncToken = undefined;
          pageToken = undefined;
          skip = 0;
          continue;
        }
        throw error;
      }
      const people = (page.connections ?? []).filter((p) => !p.metadata?.deleted);
      for (let i = skip; i < people.length; i += CHUNK) {
        const chunk = people.slice(i, i + CHUNK);
        const at: ResumePoint = { syncToken: syncToken ?? null, pageToken, done: i + chunk.length, seen };
        // The page's total is added with its first chunk, never again on a resumed page.
        await importPeople(deps, userId, importId, chunk, seen + i, at, i === 0 ? people.length : 0, groups);
      }
      seen += people.length;
      skip = 0;
      pageToken = page.nextPageToken;
      if (pageToken) continue;
      const now = nowIso();
      await markContactsSynced(deps.db, userId, page.nextSyncToken ?? null, now);
      await markSyncDone(d1, importId, now);
      return;
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Revoked access or a provider refusal: say so on the import instead of retrying forever.
    await markSyncFailed(d1, importId, nowIso(), error.message);
  }
}

async function importPeople(
  deps: Deps,
  userId: string,
  importId: string,
  people: Parameters<typeof personToRecord>[0][],
  offset: number,
  at: ResumePoint,
  addTotal: number,
  groups: GroupTags,
) {
  const d1 = deps.store.d1;
  const tally = emptyTally();
  const results = people.map((p) => personToRecord(p, groups));
  const valid = results.flatMap((r) => (r.status === 'record' ? [r.record] : []));
  const plan = await planContactUpserts(
    deps,
    userId,
    valid,
    'google',
    undefined,
    { kind: 'google', ref: importId },
    { source: 'google', importId },
  );
  let next = 0;
  results.forEach((result, i) => {
    const row = offset + i + 1;
    if (result.status !== 'record') {
      tally[result.status]++;
      tally.errors.push({ row, message: result.message });
      return;
    }
    const { outcome, warnings } = plan.outcomes[next++]!;
    tally[outcome === 'unchanged' ? 'skipped' : outcome]++;
    addWarnings(tally, row, result.warnings, warnings);
  });
  await d1.batch([
    ...plan.statements,
    importProgressStatement(d1, importId, people.length, tally, nowIso()),
    chunkSaved(d1, importId, addTotal, at),
  ]);
  await enqueueGeocoding(deps, userId, plan.geocode);
  await contactsArrived(deps, arrivedIds(plan.outcomes));
  await announceFound(deps, plan.proposalIds);
}
