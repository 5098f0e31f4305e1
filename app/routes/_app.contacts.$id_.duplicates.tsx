import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { getContactView, loadContactViews, type ContactView } from '../../worker/domain/contacts/contact-view';
import { findDuplicates } from '../../worker/domain/duplicates/find-duplicates';
import { AppError } from '../../worker/domain/errors';
import { requireUser } from '../auth/session.server';
import { buttonClass } from '../components/ui/button';
import { STACK } from '../components/ui/stacked-table';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Duplicates of ${data?.contact.full_name || 'contact'} · Kith` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  try {
    const id = params.id ?? '';
    // Both answer not_found for a contact that is not the user's; neither waits for the other.
    const [contact, candidates] = await Promise.all([
      getContactView(deps.db, user.id, id, deps.settings.BCC_DOMAIN),
      findDuplicates(deps.db, user.id, id),
    ]);
    const views = await loadContactViews(
      deps.db,
      user.id,
      candidates.map((c) => c.contact.id),
      deps.settings.BCC_DOMAIN,
    );
    return json({
      contact,
      candidates: candidates.map((c) => ({ ...c, view: views.find((v) => v.id === c.contact.id)! })).filter((c) => c.view),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw new Response('This contact does not exist.', { status: 404 });
    throw error;
  }
}

const FIELDS: [string, (c: ContactView) => string][] = [
  ['Name', (c) => c.full_name],
  ['Emails', (c) => c.emails.join(', ')],
  ['Phones', (c) => c.phones.join(', ')],
  ['Company', (c) => c.company?.name ?? ''],
  ['Title', (c) => c.title ?? ''],
  ['Location', (c) => c.location ?? ''],
  ['Tags', (c) => c.tags.join(', ')],
  ['Telegram', (c) => c.telegram_username ?? ''],
  ['X', (c) => c.twitter_handle ?? ''],
  ['LinkedIn', (c) => c.linkedin_url ?? ''],
  ['Priority', (c) => c.priority],
  ['Added', (c) => c.created_at.slice(0, 10)],
];

function Actions({ contactId, otherId, name }: { contactId: string; otherId: string; name: string }) {
  const fetcher = useFetcher();
  if (fetcher.state !== 'idle') return <span className="text-xs text-slate-500">Working…</span>;
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/contacts/${contactId}/merge/${otherId}`} className={buttonClass('primary', 'px-2 py-1 text-xs')}>
        Merge {name} into this…
      </Link>
      <button
        type="button"
        className={buttonClass('ghost', 'px-2 py-1 text-xs')}
        onClick={() =>
          fetcher.submit({ intent: 'dismiss-duplicate', other_id: otherId }, { method: 'post', action: `/contacts/${contactId}` })
        }
      >
        Not a duplicate
      </button>
    </div>
  );
}

/** Side by side: this contact and each likely duplicate, to merge or dismiss. */
export default function DuplicatesReview() {
  const { contact, candidates } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-4 p-6">
      <Link to={`/contacts/${contact.id}`} className="text-sm text-brand-600 hover:underline">
        ← {contact.full_name || 'Contact'}
      </Link>
      <h1 className="text-2xl font-semibold">Possible duplicates of {contact.full_name || 'this contact'}</h1>
      {candidates.length === 0 ? (
        <p className="text-sm text-slate-500">No likely duplicates left. Dismissed pairs are not suggested again.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className={`w-full text-left text-sm ${STACK.table}`}>
            <thead className={STACK.group}>
              <tr className={`border-b border-slate-200 dark:border-slate-800 ${STACK.row}`}>
                <th className={`p-3 ${STACK.corner}`} />
                <th className={`p-3 ${STACK.cell}`}>This contact</th>
                {candidates.map((c) => (
                  <th key={c.contact.id} className={`p-3 align-top ${STACK.cell}`}>
                    <Link to={`/contacts/${c.contact.id}`} className="text-brand-600 hover:underline">
                      {c.contact.full_name || 'Unnamed'}
                    </Link>
                    <p className="text-xs font-normal text-slate-500">{c.reasons.join(' · ')}</p>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={STACK.group}>
              {FIELDS.map(([label, read]) => (
                <tr key={label} className={`border-b border-slate-100 dark:border-slate-800 ${STACK.row}`}>
                  <th scope="row" className={`p-3 font-normal text-slate-500 ${STACK.label}`}>
                    {label}
                  </th>
                  <td className={`p-3 ${STACK.cell}`}>{read(contact)}</td>
                  {candidates.map((c) => (
                    <td
                      key={c.contact.id}
                      className={`p-3 ${STACK.cell} ${read(c.view) && read(c.view) !== read(contact) ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}
                    >
                      {read(c.view)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr className={STACK.row}>
                <td className={`p-3 ${STACK.corner}`} />
                <td className={`p-3 text-xs text-slate-500 ${STACK.cell}`}>Survives a merge</td>
                {candidates.map((c) => (
                  <td key={c.contact.id} className={`p-3 ${STACK.cell}`}>
                    <Actions contactId={contact.id} otherId={c.contact.id} name={c.contact.full_name || 'it'} />
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
