import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { AppError } from '../../worker/domain/errors';
import { MERGE_CHOICE_FIELDS } from '../../worker/domain/merge/merge-choices';
import { mergeContactCommand } from '../../worker/domain/merge/merge-command';
import { previewMerge } from '../../worker/domain/merge/merge-preview';
import { requireUser } from '../auth/session.server';
import { buttonClass } from '../components/ui/button';
import { STACK } from '../components/ui/stacked-table';
import { runCommandForm } from '../http/command-form.server';
import { readForm } from '../http/read-form.server';
import { redirect } from '../http/redirect.server';
import { offlineSafeFormAction } from '../http/offline-safe-action';
import { skipAfterOfflineWrite } from '../routing/revalidation';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Merge ${data?.preview.other.full_name || 'contact'} into ${data?.preview.this.full_name || 'contact'} · Kith` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  try {
    return json({ preview: await previewMerge(deps.db, user.id, params.id ?? '', params.otherId ?? '') });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      throw new Response('One of these contacts does not exist.', { status: 404 });
    if (error instanceof AppError) throw new Response(error.message, { status: 422 });
    throw error;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const form = await readForm(request);
  // The review's radios post "this" or "other" per field; the command's schema reads them as the API's body.
  const choices = Object.fromEntries(MERGE_CHOICE_FIELDS.flatMap((field) => (form.has(field) ? [[field, form.get(field)]] : [])));
  const input = {
    other_id: params.otherId ?? '',
    choices,
    delete_emptied_organizations: form.get('delete_emptied_organizations') === 'on',
  };
  try {
    const ran = await runCommandForm(mergeContactCommand, { deps, user, id: params.id ?? '' }, input);
    if (!ran.ok) return json({ error: ran.error }, { status: 400 });
  } catch (error) {
    if (error instanceof AppError) return json({ error: error.message }, { status: error.code === 'not_found' ? 404 : 422 });
    throw error;
  }
  return redirect(`/contacts/${params.id}?merged=1`);
}

type Preview = ReturnType<typeof useLoaderData<typeof loader>>['preview'];

/** The organization left with no contacts when the survivor ends at the other company, if any. */
function emptiedOrganization(preview: Preview, companyFrom: 'this' | 'other') {
  const mine = preview.organizations.find((o) => o.of === 'this');
  const theirs = preview.organizations.find((o) => o.of === 'other');
  // The survivor keeps its company unless the other's is picked, and takes the other's when it has none.
  const kept = companyFrom === 'other' ? (theirs ?? mine) : (mine ?? theirs);
  return preview.organizations.find((o) => o !== kept && o.contacts === 1);
}

/** Field by field: what the merged contact will hold, a choice wherever the two differ. */
export const clientAction = offlineSafeFormAction;
export const shouldRevalidate = skipAfterOfflineWrite;

export default function MergeReview() {
  const { preview } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [picked, setPicked] = useState<Record<string, 'this' | 'other'>>({});
  const side = (field: string) => picked[field] ?? 'this';
  const emptied = emptiedOrganization(preview, side('company'));
  const thisName = preview.this.full_name || 'This contact';
  const otherName = preview.other.full_name || 'The other contact';

  return (
    <div className="mx-auto max-w-4xl space-y-4 p-6">
      <Link to={`/contacts/${preview.this.id}`} className="text-sm text-brand-700 hover:underline dark:text-brand-100">
        ← {thisName}
      </Link>
      <h1 className="text-2xl font-semibold">
        Merge {otherName} into {thisName}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Everything {otherName} holds moves here (emails, phones, tags, notes, dates, reminders, keep-in-touch and the timeline) and{' '}
        {otherName} is removed. Where the two differ, pick the value to keep; the other stays in the activity log, and a birthday not picked
        stays as a date. Unmerge, from the activity log, undoes it.
      </p>
      <Form method="post" className="space-y-4">
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className={`w-full text-left text-sm ${STACK.table}`}>
            <thead className={STACK.group}>
              <tr className={`border-b border-slate-200 dark:border-slate-800 ${STACK.row}`}>
                <th scope="col" className={`p-3 ${STACK.corner}`}>
                  Field
                </th>
                <th scope="col" className={`p-3 ${STACK.cell}`}>
                  {thisName}
                </th>
                <th scope="col" className={`p-3 ${STACK.cell}`}>
                  {otherName}
                </th>
                <th scope="col" className={`p-3 ${STACK.cell}`}>
                  After the merge
                </th>
              </tr>
            </thead>
            <tbody className={STACK.group}>
              {preview.fields
                .filter((f) => f.this !== null || f.other !== null)
                .map((f) => {
                  const result = f.conflict ? (side(f.field) === 'other' ? f.other : f.this) : f.merged;
                  return (
                    <tr
                      key={f.field}
                      className={`border-b border-slate-100 dark:border-slate-800 ${STACK.row}`}
                      data-testid={`merge-field-${f.field}`}
                    >
                      <th scope="row" className={`p-3 font-normal text-slate-600 dark:text-slate-400 ${STACK.label}`}>
                        {f.label}
                      </th>
                      {f.conflict ? (
                        (['this', 'other'] as const).map((s) => (
                          <td key={s} className={`p-3 ${STACK.cell}`}>
                            <label className="flex items-center gap-2">
                              <input
                                type="radio"
                                name={f.field}
                                value={s}
                                checked={side(f.field) === s}
                                onChange={() => setPicked({ ...picked, [f.field]: s })}
                              />
                              <span>{s === 'this' ? f.this : f.other}</span>
                            </label>
                          </td>
                        ))
                      ) : (
                        <>
                          <td className={`p-3 ${STACK.cell}`}>{f.this ?? <span className="text-slate-500">—</span>}</td>
                          <td className={`p-3 ${STACK.cell}`}>{f.other ?? <span className="text-slate-500">—</span>}</td>
                        </>
                      )}
                      <td className={`p-3 font-medium ${STACK.cell}`} data-testid="merge-result">
                        {result ?? <span className="font-normal text-slate-500">—</span>}
                      </td>
                    </tr>
                  );
                })}
              {(
                [
                  ['Emails', preview.emails],
                  ['Phones', preview.phones],
                  ['Tags', preview.tags],
                ] as const
              ).map(([label, values]) => (
                <tr key={label} className={`border-b border-slate-100 dark:border-slate-800 ${STACK.row}`}>
                  <th scope="row" className={`p-3 font-normal text-slate-600 dark:text-slate-400 ${STACK.label}`}>
                    {label}
                  </th>
                  <td colSpan={2} className={`p-3 text-slate-600 dark:text-slate-400 ${STACK.wide}`}>
                    Both, together
                  </td>
                  <td className={`p-3 font-medium ${STACK.cell}`}>
                    {values.length ? values.join(', ') : <span className="font-normal text-slate-500">—</span>}
                  </td>
                </tr>
              ))}
              {preview.dates.length ? (
                <tr className={`border-b border-slate-100 dark:border-slate-800 ${STACK.row}`}>
                  <th scope="row" className={`p-3 font-normal text-slate-600 dark:text-slate-400 ${STACK.label}`}>
                    Dates
                  </th>
                  <td colSpan={2} className={`p-3 text-slate-600 dark:text-slate-400 ${STACK.wide}`}>
                    Both, together
                  </td>
                  <td className={`p-3 font-medium ${STACK.cell}`} data-testid="merge-dates">
                    {preview.dates.map((d) => `${d.label}: ${d.date}`).join(', ')}
                  </td>
                </tr>
              ) : null}
              {preview.moves.length ? (
                <tr className={`border-b border-slate-100 dark:border-slate-800 ${STACK.row}`}>
                  <th scope="row" className={`p-3 font-normal text-slate-600 dark:text-slate-400 ${STACK.label}`}>
                    Also moves here
                  </th>
                  <td colSpan={2} className={`p-3 text-slate-600 dark:text-slate-400 ${STACK.wide}`}>
                    From {otherName}
                  </td>
                  <td className={`p-3 font-medium ${STACK.cell}`} data-testid="merge-moves">
                    {preview.moves.join(', ')}
                  </td>
                </tr>
              ) : null}
              {preview.notes ? (
                <tr className={STACK.row}>
                  <th scope="row" className={`p-3 font-normal text-slate-600 dark:text-slate-400 ${STACK.label}`}>
                    Notes
                  </th>
                  <td colSpan={2} className={`p-3 text-slate-600 dark:text-slate-400 ${STACK.wide}`}>
                    Both, one after the other
                  </td>
                  <td className={`p-3 whitespace-pre-line ${STACK.cell}`}>{preview.notes}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
        {emptied ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="delete_emptied_organizations" defaultChecked />
            Also delete {emptied.name}: no one else works there
          </label>
        ) : null}
        {actionData?.error ? (
          <p role="alert" className="text-sm text-rose-700">
            {actionData.error}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('primary')} disabled={navigation.state !== 'idle'}>
            Merge
          </button>
          <Link to={`/contacts/${preview.this.id}`} className={buttonClass('secondary')}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
