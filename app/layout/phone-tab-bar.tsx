import { Form, NavLink, useLocation } from '@remix-run/react';
import { LogOut, Menu, Search } from '../components/icons';
import { useEffect, useState } from 'react';
import { Sheet } from '../components/ui/sheet';
import { OPEN_PALETTE_EVENT } from '../palette/command-palette';
import { NAV_ITEMS } from './nav-items';
import { useOnline } from '../http/use-online';

const tabClass = (active: boolean) =>
  `flex min-w-0 flex-1 flex-col items-center gap-0.5 px-1 pt-2 pb-1.5 text-xs font-medium ${
    active ? 'text-brand-700 dark:text-white' : 'text-slate-600 dark:text-slate-300'
  }`;

/**
 * A phone's navigation: a labelled tab bar at the bottom, where a thumb reaches, with the pages
 * used daily; "More" opens a sheet with the rest and logging out. Hidden from md up, where the
 * sidebar takes over. Same props as the sidebar.
 */
export function PhoneTabBar({ userName, reloadDocument = false }: { userName?: string; reloadDocument?: boolean }) {
  const online = useOnline();
  const [moreOpen, setMoreOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMoreOpen(false), [pathname]);
  const rest = NAV_ITEMS.filter((item) => !item.onPhoneBar);
  const inRest = rest.some((item) => pathname.startsWith(item.to));

  return (
    <nav
      aria-label="Main"
      className="flex shrink-0 border-t pb-[env(safe-area-inset-bottom)] border-slate-200 bg-white md:hidden dark:border-slate-800 dark:bg-slate-900"
    >
      {NAV_ITEMS.filter((item) => item.onPhoneBar).map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          prefetch={reloadDocument || !online ? 'none' : 'intent'}
          reloadDocument={reloadDocument}
          className={({ isActive }) => tabClass(isActive)}
        >
          <Icon aria-hidden className="h-5 w-5" />
          {label}
        </NavLink>
      ))}
      {userName !== undefined && !reloadDocument ? (
        <button type="button" onClick={() => window.dispatchEvent(new Event(OPEN_PALETTE_EVENT))} className={tabClass(false)}>
          <Search aria-hidden className="h-5 w-5" />
          Find
        </button>
      ) : null}
      <button type="button" onClick={() => setMoreOpen(true)} aria-haspopup="dialog" className={tabClass(inRest)}>
        <Menu aria-hidden className="h-5 w-5" />
        More
      </button>
      <Sheet open={moreOpen} onOpenChange={setMoreOpen} title="More">
        <ul className="space-y-1">
          {rest.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                reloadDocument={reloadDocument}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white' : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'}`
                }
              >
                <Icon aria-hidden className="h-5 w-5" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        {userName !== undefined ? (
          <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
            <p className="truncate px-3 pb-2 text-sm text-slate-600 dark:text-slate-400">Signed in as {userName}</p>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="flex w-full items-center gap-3 rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                <LogOut aria-hidden className="h-5 w-5" /> Log out
              </button>
            </Form>
          </div>
        ) : null}
      </Sheet>
    </nav>
  );
}
