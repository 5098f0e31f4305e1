import type { LinksFunction, MetaFunction } from '@remix-run/cloudflare';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AppSidebar } from './layout/app-sidebar';
import { PhoneTabBar } from './layout/phone-tab-bar';
import './load-context';
import './page-style-nonce.client';
import { useNonce } from './nonce-provider';
import { WritesForGoneContacts } from './offline-writes/writes-for-gone-contacts';
import { EARLY_KEYS_SCRIPT } from './palette/early-palette-keys';
import { ServiceWorkerRegistration } from './pwa/service-worker-registration';
import stylesheet from './tailwind.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];
export const meta: MetaFunction = () => [{ title: 'Kith' }, { name: 'description', content: 'Your network, in one place.' }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* The installed app's chrome (here, not in `meta`: a route's meta replaces the root's). */}
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0f172a" media="(prefers-color-scheme: dark)" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Kith" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        <Meta />
        <Links />
        {/* Before the bundle: Cmd+K pressed while the page still loads opens the palette once it can. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_KEYS_SCRIPT }} />
      </head>
      <body className="h-full bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        {/* At the top: at the bottom they covered a form's Save button and the phone's tab bar. */}
        <Toaster richColors position="top-center" />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // The page answers input from here on: hydration has committed (bench/page-load.mjs reads it).
  useEffect(() => {
    performance.mark('kith:interactive');
  }, []);
  return (
    <>
      <ServiceWorkerRegistration />
      <Outlet />
    </>
  );
}

const PLAIN_BY_STATUS: Record<number, [title: string, detail: string]> = {
  400: ["That request didn't work", 'Go back and try again.'],
  403: ["That isn't allowed", 'Reload the page and try again.'],
  404: ['Page not found', "This page doesn't exist. Check the address, or go back to Kith."],
  405: ["That didn't work", "This page can't handle that request. Go back and try again."],
};

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Remix's own errors (no such route, no action) carry developer text naming internal route
  // ids; only the messages our loaders throw on purpose are meant for the user.
  const ours = isRouteErrorResponse(error) && !(error as { internal?: boolean }).internal && typeof error.data === 'string';
  const [plainTitle, plainDetail] = PLAIN_BY_STATUS[status] ?? [
    'Something went wrong',
    'Please try again. If it keeps happening, reload the page.',
  ];
  const title = `${status} · ${plainTitle}`;
  const detail = ours ? (error.data as string) : plainDetail;
  // The signed-in user's name when the app layout loaded before the error; the navigation either way.
  const app = useRouteLoaderData<{ user?: { name: string } }>('routes/_app');
  return (
    <div className="flex h-full flex-col md:flex-row">
      <AppSidebar userName={app?.user?.name} reloadDocument />
      <main className="relative min-w-0 flex-1 overflow-y-auto">
        {/* A contact deleted on another device while a write for it waited: the write says so here. */}
        {app?.user ? <WritesForGoneContacts /> : null}
        <div className="mx-auto max-w-lg p-10">
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{detail}</p>
          <a href="/" className="mt-6 inline-block text-brand-600 underline">
            Back to Kith
          </a>
        </div>
      </main>
      <PhoneTabBar userName={app?.user?.name} reloadDocument />
    </div>
  );
}
