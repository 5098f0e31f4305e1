import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { clearedSessionCookie, readSessionToken, revokeSession } from '../../worker/domain/auth/sessions';
import { requireUser } from '../auth/session.server';
import { redirect } from '../http/redirect.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps } = await requireUser(request, context);
  const token = readSessionToken(request.headers.get('cookie'));
  if (token) await revokeSession(deps.directory.db, token);
  return redirect('/login', { headers: { 'Set-Cookie': clearedSessionCookie(new URL(request.url).protocol === 'https:') } });
}

export const loader = () => redirect('/');
