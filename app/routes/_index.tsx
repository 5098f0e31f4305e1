import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { getUser } from '../auth/session.server';
import { redirect } from '../http/redirect.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return redirect((await getUser(request, context)) ? '/home' : '/login');
}
