import { z } from 'zod';
import { command, type OnRecord } from '../command';
import { dismissDeadLetter, replayDeadLetter } from './dead-letters';

/** The failed job `id` back on the jobs queue: POST /admin/dead-letters/{id}/replay and the Replay button on Settings. */
export const replayDeadLetterCommand = command(z.object({}).strict(), ({ deps, user, id }: OnRecord) =>
  replayDeadLetter(deps, user.id, id),
);

/** The failed job `id` forgotten without running it: DELETE /admin/dead-letters/{id} and the Dismiss button on Settings. */
export const dismissDeadLetterCommand = command(z.object({}).strict(), ({ deps, user, id }: OnRecord) =>
  dismissDeadLetter(deps, user.id, id),
);
