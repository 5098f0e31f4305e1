import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AppError } from '../../worker/domain/errors';
import { mergeOrganizationCommand, updateOrganizationCommand } from '../../worker/domain/organizations/organization-commands';
import { deleteOrganizationInKith } from '../../worker/domain/organizations/delete-organization';
import { listOrganizationContacts } from '../../worker/domain/organizations/organization-contacts';
import { ORGANIZATION_LIMITS } from '../../worker/domain/organizations/organization-limits';
import { getOrganization, searchOrganizations } from '../../worker/domain/organizations/organizations';
import { isWebUrl } from '../../worker/domain/web-url';
import { requireUser } from '../auth/session.server';
import { IntroPathsCard } from '../contacts/components/intro-paths-card';
import { PriorityBadge } from '../contacts/components/priority-badge';
import { ExplainedScoreBadge } from '../contacts/components/explained-score-badge';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmForm } from '../components/ui/confirm-form';
import { inputClass, TextField } from '../components/ui/text-field';
import { OrganizationLogo } from '../organizations/organization-logo';
import { redirect } from '../http/redirect.server';
import { runCommandForm } from '../http/command-form.server';
import { intentAction } from '../http/intent-action.server';
import { offlineSafeFormAction } from '../http/offline-safe-action';
import { skipAfterOfflineWrite } from '../routing/revalidation';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.organization.name ?? 'Organization'} · Kith` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  try {
    const organization = await getOrganization(deps.db, user.id, params.id ?? '');
    const [members, similar] = await Promise.all([
      listOrganizationContacts(deps.db, user.id, organization.id, 1, 200),
      searchOrganizations(deps.db, user.id, organization.name.split(/\s+/)[0] ?? '', 1, 20),
    ]);
    return json({
      organization,
      members: members.items,
      total: members.total,
      similar: similar.items.filter((o) => o.id !== organization.id),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw new Response('This organization does not exist.', { status: 404 });
    throw error;
  }
}

// A form cannot send null: an empty box clears the field (the name cannot be cleared, so it stays as typed).
const CLEARABLE = new Set(['website', 'industry', 'location', 'phone', 'email', 'notes']);
const detailsFields = (form: FormData) =>
  Object.fromEntries([...form].map(([name, value]) => [name, CLEARABLE.has(name) && !String(value).trim() ? null : value]));

export const action = intentAction(['save', 'merge', 'delete'], async ({ deps, user, params, intent, form }) => {
  const onOrganization = { deps, user, id: params.id ?? '' };
  try {
    if (intent === 'delete') {
      await deleteOrganizationInKith(deps.store, onOrganization.id);
      return redirect('/organizations');
    }
    if (intent === 'merge') {
      const merged = await runCommandForm(mergeOrganizationCommand, onOrganization, form);
      return merged.ok ? redirect(`/organizations/${params.id}`) : json({ error: merged.error, saved: false }, { status: 400 });
    }
    const saved = await runCommandForm(updateOrganizationCommand, onOrganization, detailsFields(form));
    return saved.ok ? json({ error: null, saved: true }) : json({ error: saved.error, saved: false }, { status: 400 });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return json({ error: error.message, saved: false }, { status: error.status });
    throw error;
  }
});

export const clientAction = offlineSafeFormAction;
export const shouldRevalidate = skipAfterOfflineWrite;

export default function OrganizationPage() {
  const { organization: o, members, total, similar } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <Link to="/organizations" className="text-sm text-brand-600 hover:underline">
        ← Organizations
      </Link>
      <header className="flex items-center gap-4">
        <OrganizationLogo name={o.name} logoUrl={o.logo_url} size={56} />
        <div>
          <h1 className="text-2xl font-semibold">{o.name}</h1>
          <p className="text-sm text-slate-500">{[o.industry, o.location].filter(Boolean).join(' · ')}</p>
          {isWebUrl(o.website) ? (
            <a className="text-sm text-brand-600 underline" href={o.website} rel="noreferrer noopener" target="_blank">
              {o.website}
            </a>
          ) : o.website ? (
            // Saved before ADR 011 and not an http(s) address: shown, never followed.
            <p className="text-sm text-slate-500">{o.website}</p>
          ) : null}
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card title={`People (${total})`}>
          {members.length === 0 ? <p className="text-sm text-slate-500">Nobody works here yet.</p> : null}
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {members.map((m) => (
              // The score beside the link, not in it: its explanation is a button of its own.
              <li key={m.id} className="flex items-center gap-3">
                <Link to={`/contacts/${m.id}`} className="flex min-w-0 flex-1 items-center gap-3 py-2 text-sm hover:text-brand-600">
                  <Avatar name={m.full_name || '?'} url={m.avatar_url} />
                  <span className="flex-1">
                    <span className="font-medium">{m.full_name || 'Unnamed'}</span>
                    {m.title ? <span className="block text-xs text-slate-500">{m.title}</span> : null}
                  </span>
                  <PriorityBadge priority={m.priority} />
                </Link>
                <ExplainedScoreBadge score={m.relationship_score} />
              </li>
            ))}
          </ul>
        </Card>
        <div className="space-y-6">
          <IntroPathsCard target={{ kind: 'organization', id: o.id, name: o.name }} title="Who can introduce me" limit={5} />
          <Card title="Details">
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="save" />
              <TextField label="Name" name="name" defaultValue={o.name} required maxLength={ORGANIZATION_LIMITS.name} />
              <TextField label="Website" name="website" defaultValue={o.website ?? ''} maxLength={ORGANIZATION_LIMITS.website} />
              <TextField label="Industry" name="industry" defaultValue={o.industry ?? ''} maxLength={ORGANIZATION_LIMITS.industry} />
              <TextField label="Location" name="location" defaultValue={o.location ?? ''} maxLength={ORGANIZATION_LIMITS.location} />
              <TextField label="Phone" name="phone" type="tel" defaultValue={o.phone ?? ''} maxLength={ORGANIZATION_LIMITS.phone} />
              <TextField label="Email" name="email" type="email" defaultValue={o.email ?? ''} maxLength={ORGANIZATION_LIMITS.email} />
              <label className="block space-y-1 text-sm font-medium text-slate-700 dark:text-slate-300">
                <span>Notes</span>
                <textarea name="notes" rows={4} className={inputClass} defaultValue={o.notes ?? ''} maxLength={ORGANIZATION_LIMITS.notes} />
              </label>
              {result?.error ? (
                <p role="alert" className="text-sm text-red-600">
                  {result.error}
                </p>
              ) : null}
              {result?.saved ? (
                <p role="status" className="text-sm text-emerald-700">
                  Saved.
                </p>
              ) : null}
              <Button type="submit" disabled={busy}>
                Save
              </Button>
            </Form>
          </Card>
          {similar.length > 0 ? (
            <Card title="Possible duplicates">
              <ul className="space-y-2 text-sm">
                {similar.map((s) => (
                  <li key={s.id} className="flex items-center gap-2">
                    <Link to={`/organizations/${s.id}`} className="flex-1 hover:text-brand-600">
                      {s.name}
                    </Link>
                    <ConfirmForm
                      trigger={
                        <Button variant="secondary" aria-label={`Merge ${s.name} into ${o.name}`}>
                          Merge
                        </Button>
                      }
                      title={`Merge ${s.name} into ${o.name}?`}
                      description={`Everyone at ${s.name} moves to ${o.name}, which keeps its details and gains the ones it lacks. ${s.name} is removed.`}
                      confirmLabel="Merge"
                    >
                      <input type="hidden" name="intent" value="merge" />
                      <input type="hidden" name="other_id" value={s.id} />
                    </ConfirmForm>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          <ConfirmForm
            trigger={<Button variant="secondary">Delete organization</Button>}
            title={`Delete ${o.name}?`}
            description={
              total === 0
                ? `${o.name} and its details are removed. Nobody works there.`
                : `${o.name} and its details are removed. ${total === 1 ? 'The 1 person' : `The ${total.toLocaleString('en')} people`} who work there keep their contact and everything on it; only the company is cleared from ${total === 1 ? 'it' : 'them'}.`
            }
            confirmLabel="Delete organization"
          >
            <input type="hidden" name="intent" value="delete" />
          </ConfirmForm>
        </div>
      </div>
    </div>
  );
}
