import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { buttonClass } from '../components/ui/button';

export const meta: MetaFunction = () => [{ title: 'Offline · Kith' }];

/** Where the link the user followed was going (the service worker puts it in `from`). */
function intendedPage(): string {
  const from = new URLSearchParams(window.location.search).get('from') ?? '';
  return from.startsWith('/') && !from.startsWith('//') ? from : '/home';
}

/**
 * Kith's own page for a link followed offline to a page this device never saved: no loader, so
 * it opens without the network (the service worker precaches it, and redirects here). It says
 * what is readable offline and offers the way back.
 */
export default function OfflinePage() {
  return (
    <main className="mx-auto flex min-h-full max-w-lg flex-col justify-center p-6">
      <h1 className="text-2xl font-semibold">You are offline</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        This page is not saved on this device, so it needs a connection. Kith keeps your contact list, the people due and every contact you
        opened in the last 30 days for reading offline.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.assign(intendedPage())}>
          Try again
        </button>
        <Link to="/home" reloadDocument className={buttonClass('secondary')}>
          Home
        </Link>
        <Link to="/contacts" reloadDocument className={buttonClass('secondary')}>
          Contacts
        </Link>
      </div>
    </main>
  );
}
