import { json } from '@remix-run/cloudflare';
import { z } from 'zod';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { disconnectApp } from '../../worker/domain/mcp-oauth/connected-apps';
import { recordIdSchema } from '../../worker/domain/record-id';
import { plainIssue } from '../http/plain-issue';

/** The intents of Settings → Connected apps. */
export const CONNECTED_APPS_INTENTS = ['connected-app-disconnect'] as const;
export const isConnectedAppsIntent = (intent: string): intent is (typeof CONNECTED_APPS_INTENTS)[number] =>
  (CONNECTED_APPS_INTENTS as readonly string[]).includes(intent);

export interface ConnectedAppsActionData {
  intent: string;
  error: string | null;
  message?: string;
}

/** Settings → Connected apps: the same domain call as DELETE /api/v1/connected-apps/{id}. */
export async function handleConnectedAppsAction(form: FormData, deps: Deps) {
  const intent = String(form.get('intent'));
  const done = (extra: Partial<ConnectedAppsActionData> = {}, status = 200) =>
    json<ConnectedAppsActionData>({ intent, error: null, ...extra }, { status });
  const parsed = z.object({ id: recordIdSchema }).safeParse({ id: form.get('id') });
  if (!parsed.success) return done({ error: plainIssue(parsed.error.issues[0]) }, 400);
  try {
    await disconnectApp(deps, parsed.data.id);
    return done({ message: 'Disconnected: that app can no longer reach your contacts.' });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return done({ error: error.message }, error.status);
    throw error;
  }
}
