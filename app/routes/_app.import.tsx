import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { requireUser } from '../auth/session.server';
import { buttonClass } from '../components/ui/button';
import { PageHeader } from '../layout/page-header';

export const meta: MetaFunction = () => [{ title: 'Import · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function ImportPage() {
  return (
    <>
      <PageHeader title="Import" description="Bring your network into Kith." />
      <div className="mx-auto max-w-xl p-6 text-sm text-slate-600 dark:text-slate-400">
        <p>CSV, LinkedIn and Google Contacts imports are on their way. Until then, add people one at a time.</p>
        <Link to="/contacts/new" className={`${buttonClass('primary')} mt-4`}>Add a contact</Link>
      </div>
    </>
  );
}
