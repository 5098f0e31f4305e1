import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Tag as TagIcon } from '../components/icons';
import { useState } from 'react';
import { AppError } from '../../worker/domain/errors';
import { deleteTagCommand, renameTagCommand, tagTarget } from '../../worker/domain/tags/tag-commands';
import { listTags } from '../../worker/domain/tags/tags';
import { TAG_MAX_LENGTH } from '../../worker/domain/contacts/contact-values';
import { requireUser } from '../auth/session.server';
import { Button } from '../components/ui/button';
import { ConfirmForm } from '../components/ui/confirm-form';
import { inputClass } from '../components/ui/text-field';
import { PageHeader } from '../layout/page-header';
import { commandForm, runCommandForm } from '../http/command-form.server';
import { intentAction } from '../http/intent-action.server';
import { offlineSafeFormAction } from '../http/offline-safe-action';
import { skipAfterOfflineWrite } from '../routing/revalidation';

export const meta: MetaFunction = () => [{ title: 'Tags · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  return json({ tags: await listTags(deps.db, user.id) });
}

// The same commands as PATCH and DELETE /tags/{tag}.
export const action = intentAction(['rename', 'delete'], async ({ deps, user, form, intent }) => {
  const target = commandForm({ input: tagTarget }, form);
  if (!target.ok) return json({ error: target.error }, { status: 400 });
  const onTag = { deps, user, ...target.input };
  try {
    const ran =
      intent === 'rename'
        ? await runCommandForm(renameTagCommand, onTag, form, { name: 'The new name' })
        : await runCommandForm(deleteTagCommand, onTag, {});
    return ran.ok ? json({ error: null }) : json({ error: ran.error }, { status: 400 });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return json({ error: error.message }, { status: error.status });
    throw error;
  }
});

function TagRow({ tag, count }: { tag: string; count: number }) {
  const [editing, setEditing] = useState(false);
  const busy = useNavigation().state === 'submitting';
  return (
    <li className="flex items-center gap-3 px-4 py-3 text-sm">
      <TagIcon className="h-4 w-4 shrink-0 text-slate-400" />
      {editing ? (
        <Form method="post" className="flex min-w-0 flex-1 items-center gap-2">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="tag" value={tag} />
          <label className="sr-only" htmlFor={`rename-${tag}`}>
            New name for {tag}
          </label>
          <input
            id={`rename-${tag}`}
            name="name"
            defaultValue={tag}
            autoFocus
            maxLength={TAG_MAX_LENGTH}
            className={`${inputClass} min-w-0`}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
          />
          <Button type="submit" disabled={busy}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </Form>
      ) : (
        <>
          {/* On a phone the count goes under the name, so the two buttons keep their room. */}
          <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
            <Link to={`/contacts?tag=${encodeURIComponent(tag)}`} className="block break-words font-medium hover:text-brand-600 sm:flex-1">
              {tag}
            </Link>
            <span className="block whitespace-nowrap text-slate-500">
              {count.toLocaleString('en')} {count === 1 ? 'contact' : 'contacts'}
            </span>
          </div>
          <Button variant="ghost" onClick={() => setEditing(true)} aria-label={`Rename ${tag}`}>
            Rename
          </Button>
          <ConfirmForm
            trigger={
              <Button variant="ghost" aria-label={`Delete ${tag}`}>
                Delete
              </Button>
            }
            title={`Delete the tag "${tag}"?`}
            description={`It is removed from ${count.toLocaleString('en')} ${count === 1 ? 'contact' : 'contacts'}. The contacts stay.`}
            confirmLabel="Delete tag"
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="tag" value={tag} />
          </ConfirmForm>
        </>
      )}
    </li>
  );
}

export const clientAction = offlineSafeFormAction;
export const shouldRevalidate = skipAfterOfflineWrite;

export default function TagsPage() {
  const { tags } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Tags" description="Rename a tag onto an existing one to merge them." />
      <div className="mx-auto max-w-3xl p-4 sm:p-6">
        {result?.error ? (
          <p role="alert" className="mb-3 text-sm text-red-600">
            {result.error}
          </p>
        ) : null}
        {tags.length === 0 ? (
          <p className="text-sm text-slate-500">No tags yet. Add tags on a contact, or to many at once from the contact list.</p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            aria-label="Tags"
          >
            {tags.map((t) => (
              <TagRow key={t.tag} tag={t.tag} count={t.count} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
