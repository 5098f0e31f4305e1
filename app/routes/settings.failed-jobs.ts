import { json } from '@remix-run/cloudflare';
import { dismissDeadLetterCommand, replayDeadLetterCommand } from '../../worker/domain/dead-letters/dead-letter-commands';
import { AppError } from '../../worker/domain/errors';
import { recordTarget } from '../../worker/domain/record-id';
import { commandForm } from '../http/command-form.server';
import { redirect } from '../http/redirect.server';
import { intentAction } from '../http/intent-action.server';

const COMMANDS = { replay: replayDeadLetterCommand, dismiss: dismissDeadLetterCommand };
const DONE = { replay: 'Queued again. If it fails again it will be back here.', dismiss: 'Dismissed.' };

const back = (notice: string) => redirect(`/settings?failed_jobs=${encodeURIComponent(notice)}#failed-jobs`);

// The Replay and Dismiss buttons of the "Failed background jobs" card on Settings: the API's commands, on the job the form names.
export const action = intentAction(['replay', 'dismiss'] as const, async ({ deps, user, intent, form }) => {
  const target = commandForm({ input: recordTarget }, form);
  if (!target.ok) return json({ error: target.error }, { status: 400 });
  try {
    await COMMANDS[intent].run({ deps, user, ...target.input }, {});
    return back(DONE[intent]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return back('That job was already replayed or dismissed.');
    throw error;
  }
});

export const loader = () => redirect('/settings');
