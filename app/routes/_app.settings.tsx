import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { KeyRound } from 'lucide-react';
import { z } from 'zod';
import { createToken, listTokens, revokeToken } from '../../worker/domain/auth/tokens';
import { enqueuePendingGeocodes, geocodingProgress } from '../../worker/domain/geocoding/backfill';
import { requireUser } from '../auth/session.server';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/text-field';
import { PageHeader } from '../layout/page-header';
import { CopyableSecret } from '../settings/copyable-secret';
import { GeocodingCard } from '../settings/geocoding-card';

export const meta: MetaFunction = () => [{ title: 'Settings · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const [tokens, geocoding] = await Promise.all([listTokens(deps.db, user.id), geocodingProgress(deps.db, user.id)]);
  return json({ user, tokens, geocoding });
}

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create-token'), name: z.string().trim().min(1, 'Give the token a name').max(100) }),
  z.object({ intent: z.literal('revoke-token'), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal('geocode-backfill') }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? 'Invalid request', created: null, enqueued: null }, { status: 400 });
  if (parsed.data.intent === 'create-token') {
    const created = await createToken(deps.db, user.id, parsed.data.name);
    return json({ error: null, created, enqueued: null });
  }
  if (parsed.data.intent === 'geocode-backfill') {
    return json({ error: null, created: null, enqueued: await enqueuePendingGeocodes(deps, user.id) });
  }
  await revokeToken(deps.db, user.id, parsed.data.id);
  return json({ error: null, created: null, enqueued: null });
}

export default function SettingsPage() {
  const { user, tokens, geocoding } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHeader title="Settings" description={`Signed in as ${user.email}`} />
      <div className="mx-auto max-w-3xl space-y-6 p-6">
        <Card title="Personal access tokens">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Tokens let scripts and the Kith browser extension use the API as you (<code>Authorization: Bearer …</code>).
          </p>
          {result?.created ? (
            <div className="mt-4">
              <CopyableSecret label={`Token "${result.created.name}" — copy it now, it will not be shown again`} value={result.created.token} />
            </div>
          ) : null}
          <Form method="post" className="mt-4 flex items-end gap-2">
            <input type="hidden" name="intent" value="create-token" />
            <div className="flex-1">
              <TextField label="Token name" name="name" placeholder="Browser extension" required maxLength={100} error={result?.error ?? undefined} />
            </div>
            <Button type="submit" disabled={busy}>Create token</Button>
          </Form>
          <ul className="mt-6 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Your tokens">
            {tokens.length === 0 ? <li className="py-3 text-sm text-slate-500">No tokens yet.</li> : null}
            {tokens.map((t) => (
              <li key={t.id} className="flex items-center gap-3 py-3 text-sm">
                <KeyRound className="h-4 w-4 text-slate-400" />
                <div className="flex-1">
                  <p className="font-medium">{t.name}</p>
                  <p className="text-xs text-slate-500">
                    <code>{t.prefix}…</code> · created {new Date(t.created_at).toLocaleDateString('en')}
                    {t.last_used_at ? ` · last used ${new Date(t.last_used_at).toLocaleDateString('en')}` : ' · never used'}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-token" />
                  <input type="hidden" name="id" value={t.id} />
                  <Button type="submit" variant="secondary" aria-label={`Revoke ${t.name}`}>Revoke</Button>
                </Form>
              </li>
            ))}
          </ul>
        </Card>
        <GeocodingCard progress={geocoding} enqueued={result?.enqueued ?? null} busy={busy} />
      </div>
    </>
  );
}
