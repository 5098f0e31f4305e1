import { connectedUserIdsAfter } from '../../domain/channels/connections';
import { syncX } from '../../domain/x/sync-x';
import { perUserJob } from '../fan-out';
import { channelWork } from '../retry';

/**
 * The X channel's DM sync. Without user_id (the cron) it fans out one job per connected
 * account. X's 429 brings the job back after its reset time; revoked access is shown on the
 * Settings card (by withXApi) and not retried.
 */
export const syncXJob = perUserJob('sync_x', connectedUserIdsAfter('x'), (deps, userId) => channelWork(() => syncX(deps, userId)));
