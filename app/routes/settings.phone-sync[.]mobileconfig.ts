import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { json } from '@remix-run/cloudflare';
import { createAppPassword } from '../../worker/domain/dav/app-passwords';
import { appleProfile, appleProfileResponse } from '../../worker/domain/dav/apple-profile';
import { AppError } from '../../worker/domain/errors';
import { davServerUrl } from '../../worker/dav/dav-paths';
import { requireUser } from '../auth/session.server';
import { runCommandForm } from '../http/command-form.server';
import { intentAction } from '../http/intent-action.server';

// Settings → Sync with your phone → the iPhone profile (.mobileconfig). Downloaded as it is, it
// holds no password (iOS asks for one while installing); the form that makes a new sync password
// can hand it over inside the profile instead, in that one step, and it is never shown again.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const serverUrl = davServerUrl(deps.settings.APP_URL, request.url);
  return appleProfileResponse(appleProfile({ serverUrl, userId: user.id, email: user.email }));
}

export const action = intentAction(['app-password-profile'] as const, async ({ deps, user, form, request }) => {
  try {
    const ran = await runCommandForm(createAppPassword, { deps, user }, form, { name: 'The device name' });
    if (!ran.ok) return json({ error: ran.error }, { status: 400 });
    const serverUrl = davServerUrl(deps.settings.APP_URL, request.url);
    return appleProfileResponse(appleProfile({ serverUrl, userId: user.id, email: user.email, password: ran.result.password }));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return json({ error: error.message }, { status: error.status });
    throw error;
  }
});
