import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { contactCountsByOrganization } from '../../worker/domain/organizations/organization-contacts';
import { searchOrganizations } from '../../worker/domain/organizations/organizations';
import { pageQuery } from '../../worker/api/openapi-helpers';
import { requireUser } from '../auth/session.server';
import { buttonClass } from '../components/ui/button';
import { inputClass } from '../components/ui/text-field';
import { PageHeader } from '../layout/page-header';
import { OrganizationLogo } from '../organizations/organization-logo';

export const meta: MetaFunction = () => [{ title: 'Organizations · Kith' }];

const PAGE_SIZE = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, 200);
  // The API's bounds (1..1 000 000); anything else is the first page, never an offset D1 cannot take.
  const page = pageQuery.page.catch(1).parse(params.get('page') ?? undefined);
  const { items, total } = await searchOrganizations(deps.db, user.id, q, page, PAGE_SIZE);
  const counts = await contactCountsByOrganization(
    deps.db,
    user.id,
    items.map((o) => o.id),
  );
  return json({
    q,
    page,
    total,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    organizations: items.map((o) => ({ ...o, contacts: counts.get(o.id) ?? 0 })),
  });
}

export default function OrganizationsPage() {
  const { q, page, total, totalPages, organizations } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  // As you type, like the contact list; a newer keystroke's request replaces the older one.
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const searchAsYouType = (form: HTMLFormElement | null) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), 150);
  };
  return (
    <>
      <PageHeader title="Organizations" description={`${total.toLocaleString('en')} organizations your contacts work at`} />
      <div className="p-6">
        <Form method="get" className="mb-4 flex max-w-md gap-2" role="search">
          <label htmlFor="org-q" className="sr-only">
            Search organizations
          </label>
          <input
            id="org-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search organizations"
            className={inputClass}
            onChange={(e) => searchAsYouType(e.currentTarget.form)}
          />
          <button type="submit" className={buttonClass('secondary')}>
            Search
          </button>
        </Form>
        {organizations.length === 0 ? (
          <p className="text-sm text-slate-500">
            {q ? 'No organization matches.' : 'Organizations appear here when you set a company on a contact.'}
          </p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            aria-label="Organizations"
          >
            {organizations.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/organizations/${o.id}`}
                  className="flex items-center gap-3 px-4 py-3 text-sm hover:bg-slate-50 dark:hover:bg-slate-800/50"
                >
                  <OrganizationLogo name={o.name} logoUrl={o.logo_url} />
                  <span className="flex-1">
                    <span className="font-medium">{o.name}</span>
                    <span className="block text-xs text-slate-500">{[o.industry, o.location].filter(Boolean).join(' · ')}</span>
                  </span>
                  <span className="text-slate-500">
                    {o.contacts} {o.contacts === 1 ? 'contact' : 'contacts'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm">
          <span className="text-slate-500">
            Page {page} of {totalPages}
          </span>
          <div className="flex gap-2">
            {page > 1 ? (
              <Link className={buttonClass('secondary')} to={`?q=${encodeURIComponent(q)}&page=${page - 1}`}>
                Previous
              </Link>
            ) : null}
            {page < totalPages ? (
              <Link className={buttonClass('secondary')} to={`?q=${encodeURIComponent(q)}&page=${page + 1}`}>
                Next
              </Link>
            ) : null}
          </div>
        </nav>
      </div>
    </>
  );
}
