import { json } from '@remix-run/cloudflare';
import { z } from 'zod';
import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { unmergeContacts } from '../../worker/domain/merge/unmerge';
import { recordIdSchema } from '../../worker/domain/record-id';
import { acceptedInput, commandForm } from '../http/command-form.server';
import type { UnmergeResult } from './components/merged-here-card';

/** The merge a form's Unmerge names, read as the API reads POST /merges/{id}/unmerge's {id}. */
const unmergeTarget = z.object({ merge_id: recordIdSchema });

/** Unmerge from a page's form (the contact page, the activity log): the same domain call as the API, answering who is back. */
export async function unmergeFromForm(deps: Deps, user: PublicUser, form: FormData) {
  try {
    const { merge_id } = acceptedInput(commandForm({ input: unmergeTarget }, { merge_id: String(form.get('merge_id') ?? '') }));
    const { restoredId, restoredName } = await unmergeContacts(deps, user.id, merge_id);
    return json<UnmergeResult>({ ok: true, intent: 'unmerge', restored: { id: restoredId, name: restoredName } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const refused = { code: error.code, message: error.message, details: error.details };
    return json<UnmergeResult>({ ok: false, intent: 'unmerge', error: refused }, { status: error.status });
  }
}
