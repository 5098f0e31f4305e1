import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { z } from 'zod';
import { dismissDeadLetter, replayDeadLetter } from '../../worker/domain/dead-letters/dead-letters';
import { AppError } from '../../worker/domain/errors';
import { requireUser } from '../auth/session.server';
import { redirect } from '../http/redirect.server';
import { readForm } from '../http/read-form.server';

const formSchema = z.object({ intent: z.enum(['replay', 'dismiss']), id: z.string().min(1).max(64) });

const back = (notice: string) => redirect(`/settings?failed_jobs=${encodeURIComponent(notice)}#failed-jobs`);

// The Replay and Dismiss buttons of the "Failed background jobs" card on Settings.
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const parsed = formSchema.safeParse(Object.fromEntries(await readForm(request)));
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
}

export const loader = () => redirect('/settings');
