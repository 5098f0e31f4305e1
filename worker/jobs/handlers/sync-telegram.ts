import { channelDrivers } from '../../domain/channels/drivers';
import { channelSyncJob } from './sync-channel';

/**
 * The Telegram sync. FLOOD_WAIT_X brings the job back after X seconds; an ended session is
 * shown on the Settings card (by withTelegram) and not retried.
 */
export const syncTelegramJob = channelSyncJob(channelDrivers.telegram);
