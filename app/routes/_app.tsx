import { json, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { requireUser } from '../auth/session.server';
import { AppSidebar } from '../layout/app-sidebar';
import { PhoneTabBar } from '../layout/phone-tab-bar';
import { MAIN_ID, SkipLink } from '../layout/skip-link';
import { OfflineNavigationGuard } from '../http/offline-navigation-guard';
import { OfflineWriteToast } from '../http/offline-write-toast';
import { NavigationProgress } from '../layout/navigation-progress';
import { CommandPalette } from '../palette/command-palette';
import { InstallPrompt } from '../pwa/install-prompt';
import { OfflineBanner } from '../pwa/offline-banner';
import { useReplayQueuedWrites } from '../offline-writes/use-queued-writes';
import { WritesForGoneContacts } from '../offline-writes/writes-for-gone-contacts';
import { TimeZoneProvider } from '../layout/time-zone';
import { skipLayoutReload } from '../routing/revalidation';
import { keepLocalIndex } from '../search-index/local-index';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return json({ user });
}

export const shouldRevalidate = skipLayoutReload;

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  // The device's copy for instant search (docs/decisions/040): built on first sign-in, then kept current.
  useEffect(() => keepLocalIndex(user.id), [user.id]);
  // Writes made while Kith could not be reached go out once it can (docs/decisions/045).
  useReplayQueuedWrites();
  return (
    <TimeZoneProvider value={user.time_zone}>
      <SkipLink />
      <NavigationProgress />
      <OfflineWriteToast />
      <OfflineNavigationGuard />
      {/* Read before hydration, to ask for a first build's pages early (app/search-index/first-build-head-start.ts). */}
      <div className="flex h-full flex-col md:flex-row" data-signed-in-user={user.id}>
        <AppSidebar userName={user.name} />
        {/* `relative`: absolutely placed content (screen-reader-only labels) scrolls inside main; placed
            against the page instead, deep in a long page it made the whole app scroll past its tab bar. */}
        {/* In the Tab order: a page with nothing to focus (Home with nothing due) still scrolls from the
            keyboard, on a short installed-app screen too (axe: scrollable-region-focusable). */}
        <main
          id={MAIN_ID}
          tabIndex={0}
          className="relative min-w-0 flex-1 overflow-y-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
        >
          <OfflineBanner />
          <WritesForGoneContacts />
          <Outlet />
        </main>
        <PhoneTabBar userName={user.name} />
        <CommandPalette />
        <InstallPrompt />
      </div>
    </TimeZoneProvider>
  );
}
