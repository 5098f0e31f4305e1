import { pushDueReminders } from '../../domain/push/push-reminders';
import { usersWithPushAfter } from '../../domain/push/push-subscription-queries';
import { perUserJob } from '../fan-out';

/** Every quarter hour: one job per user with a device; each pushes that user's due reminders at their hour. */
export const sendPushRemindersJob = perUserJob('send_push_reminders', usersWithPushAfter, (deps) => pushDueReminders(deps));
