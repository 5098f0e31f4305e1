import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Download } from '../components/icons';
import { api } from '../api/client';
import { requireUser } from '../auth/session.server';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { BackupRestoreCard } from '../imports/components/backup-restore-card';
import { CsvImportCard } from '../imports/components/csv-import-card';
import { GoogleContactsCard } from '../imports/components/google-contacts-card';
import { LinkedinImportCard } from '../imports/components/linkedin-import-card';
import { MonicaImportCard } from '../imports/components/monica-import-card';
import { PastImportsCard } from '../imports/components/past-imports-card';
import { VcardImportCard } from '../imports/components/vcard-import-card';
import { googleContactsStatus } from '../../worker/domain/google/google-contacts-status';
import { listPastImports } from '../../worker/domain/imports/past-imports';
import { PageHeader } from '../layout/page-header';

export const meta: MetaFunction = () => [{ title: 'Import · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const url = new URL(request.url);
  const past = await listPastImports(deps.store, { limit: 20 });
  return json({
    past: past.items,
    pastCursor: past.nextCursor,
    google: await googleContactsStatus(deps, user.id),
    googleImportId: url.searchParams.get('google_import'),
    googleError: url.searchParams.get('google_error'),
  });
}

export default function ImportPage() {
  const { google, googleImportId, googleError, past, pastCursor } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Import"
        description="Bring your network into Kith. Nothing is duplicated: people you already have are updated instead."
        actions={
          <>
            <a href={api.contacts['export.csv'].$path()} className={buttonClass('secondary')} download>
              <Download className="h-4 w-4" /> Export all contacts
            </a>
            <a href={api.contacts['export.vcf'].$path()} className={buttonClass('secondary')} download>
              <Download className="h-4 w-4" /> Export as vCard
            </a>
          </>
        }
      />
      <div className="mx-auto grid max-w-5xl gap-6 p-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <CsvImportCard />
          <VcardImportCard />
          <BackupRestoreCard />
          <MonicaImportCard />
          <PastImportsCard initial={past} initialCursor={pastCursor} />
        </div>
        <div className="space-y-6">
          <LinkedinImportCard />
          <GoogleContactsCard status={google} initialImportId={googleImportId} initialError={googleError} />
          <Card title="LinkedIn messages">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              The Kith browser extension adds the people you message on LinkedIn and logs the conversations. Create a token in Settings and
              paste it into the extension.
            </p>
          </Card>
        </div>
      </div>
    </>
  );
}
