import { z } from 'zod';
import { dismissDeadLetter, replayDeadLetter } from '../../worker/domain/dead-letters/dead-letters';
import { AppError } from '../../worker/domain/errors';
import { redirect } from '../http/redirect.server';
import { intentAction } from '../http/intent-action.server';
import { recordIdSchema } from '../../worker/domain/record-id';

const formSchema = z.object({ intent: z.enum(['replay', 'dismiss']), id: recordIdSchema });

const back = (notice: string) => redirect(`/settings?failed_jobs=${encodeURIComponent(notice)}#failed-jobs`);

// The Replay and Dismiss buttons of the "Failed background jobs" card on Settings.
export const action = intentAction(formSchema.shape.intent.options, async ({ deps, user, form }) => {
  const parsed = formSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return back('That request was not understood.');
  try {
    if (parsed.data.intent === 'replay') {
      await replayDeadLetter(deps, user.id, parsed.data.id);
      return back('Queued again. If it fails again it will be back here.');
    }
    await dismissDeadLetter(deps, user.id, parsed.data.id);
    return back('Dismissed.');
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return back('That job was already replayed or dismissed.');
    throw error;
  }
});

export const loader = () => redirect('/settings');
