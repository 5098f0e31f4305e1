import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { Plus } from 'lucide-react';
import { listContacts } from '../../worker/domain/search/list-contacts';
import { requireUser } from '../auth/session.server';
import { PriorityBadge } from '../contacts/components/priority-badge';
import { ScoreBadge } from '../contacts/components/score-badge';
import { Avatar } from '../components/ui/avatar';
import { buttonClass } from '../components/ui/button';
import { PageHeader } from '../layout/page-header';

export const meta: MetaFunction = () => [{ title: 'Contacts · Kith' }];

const PAGE_SIZE = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  const { items, total } = await listContacts(deps.db, user.id, {}, { page, pageSize: PAGE_SIZE });
  return json({ contacts: items, total, page, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)) });
}

export default function ContactsPage() {
  const { contacts, total, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Contacts"
        description={`${total.toLocaleString('en')} ${total === 1 ? 'person' : 'people'} in your network`}
        actions={
          <Link to="/contacts/new" className={buttonClass('primary')}>
            <Plus className="h-4 w-4" /> New contact
          </Link>
        }
      />
      {contacts.length === 0 ? (
        <div className="mx-auto max-w-md p-12 text-center">
          <h2 className="text-lg font-medium">No contacts yet</h2>
          <p className="mt-2 text-sm text-slate-500">Add someone by hand, or bring your network in from a CSV or LinkedIn export.</p>
          <div className="mt-6 flex justify-center gap-2">
            <Link to="/contacts/new" className={buttonClass('primary')}>
              Add a contact
            </Link>
            <Link to="/import" className={buttonClass('secondary')}>
              Import
            </Link>
          </div>
        </div>
      ) : (
        <div className="p-6">
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:bg-slate-900">
                <tr>
                  <th scope="col" className="px-4 py-3">Name</th>
                  <th scope="col" className="px-4 py-3">Company</th>
                  <th scope="col" className="px-4 py-3">Location</th>
                  <th scope="col" className="px-4 py-3">Priority</th>
                  <th scope="col" className="px-4 py-3">Score</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {contacts.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                    <td className="px-4 py-2">
                      <Link to={`/contacts/${c.id}`} className="flex items-center gap-3 font-medium hover:text-brand-600">
                        <Avatar name={c.full_name || c.emails[0] || '?'} url={c.avatar_url} />
                        <span>
                          {c.full_name || c.emails[0] || 'Unnamed'}
                          {c.title ? <span className="block text-xs font-normal text-slate-500">{c.title}</span> : null}
                        </span>
                      </Link>
                    </td>
                    <td className="px-4 py-2">{c.company?.name ?? ''}</td>
                    <td className="px-4 py-2 text-slate-600 dark:text-slate-400">{c.location ?? ''}</td>
                    <td className="px-4 py-2"><PriorityBadge priority={c.priority} /></td>
                    <td className="px-4 py-2"><ScoreBadge score={c.relationship_score} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm">
            <span className="text-slate-500">Page {page} of {totalPages}</span>
            <div className="flex gap-2">
              {page > 1 ? <Link className={buttonClass('secondary')} to={`?page=${page - 1}`}>Previous</Link> : null}
              {page < totalPages ? <Link className={buttonClass('secondary')} to={`?page=${page + 1}`}>Next</Link> : null}
            </div>
          </nav>
        </div>
      )}
    </>
  );
}
