import { channelDrivers } from '../../domain/channels/drivers';
import { channelSyncJob } from './sync-channel';

/**
 * The Email channel's sync (Gmail + Calendar). Google rate limiting brings the job back after
 * Retry-After; revoked access is shown on the Settings card (by withGoogleApi) and not retried.
 */
export const syncGmailJob = channelSyncJob(channelDrivers.gmail);
