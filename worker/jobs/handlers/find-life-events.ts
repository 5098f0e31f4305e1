import type { Deps } from '../../domain/deps';
import { readMessagesForEvents } from '../../domain/life-events/read-messages';

/** The user's new messages read for life events, one page (ADR 043). */
export const findLifeEventsJob = async (deps: Deps) => {
  await readMessagesForEvents(deps);
};
