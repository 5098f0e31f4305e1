import { channelDrivers } from '../../domain/channels/drivers';
import { channelSyncJob } from './sync-channel';

/**
 * The X channel's DM sync. X's 429 brings the job back after its reset time; revoked access
 * is shown on the Settings card (by withXApi) and not retried.
 */
export const syncXJob = channelSyncJob(channelDrivers.x);
