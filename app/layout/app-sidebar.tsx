import { Form, NavLink } from '@remix-run/react';
import { LogOut, Search } from '../components/icons';
import { OPEN_PALETTE_EVENT } from '../palette/command-palette';
import { NAV_ITEMS } from './nav-items';
import { useOnline } from '../http/use-online';

/**
 * The app's navigation from md up (a phone has the tab bar); without a user name (an error page
 * whose user is not known) it has no log-out. On an error page its links load whole documents:
 * after an action's error the router holds no data for the app layout, and a client-side
 * navigation would not reload it.
 */
export function AppSidebar({ userName, reloadDocument = false }: { userName?: string; reloadDocument?: boolean }) {
  const online = useOnline();
  return (
    <nav
      aria-label="Main"
      className="hidden h-full w-56 shrink-0 flex-col gap-1 border-r border-slate-200 bg-white px-3 py-4 md:flex dark:border-slate-800 dark:bg-slate-900"
    >
      <a href="/home" className="mb-6 px-2 text-xl font-bold tracking-tight text-brand-700 dark:text-brand-300">
        Kith
      </a>
      {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          prefetch={reloadDocument || !online ? 'none' : 'intent'}
          reloadDocument={reloadDocument}
          className={({ isActive }) =>
            `flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium ${
              isActive
                ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`
          }
        >
          <Icon aria-hidden className="h-4 w-4" />
          {label}
        </NavLink>
      ))}
      {userName !== undefined && !reloadDocument ? (
        <button
          type="button"
          onClick={() => window.dispatchEvent(new Event(OPEN_PALETTE_EVENT))}
          aria-keyshortcuts="Control+K Meta+K"
          className="mt-2 flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Search aria-hidden className="h-4 w-4" />
          Find
          <kbd
            aria-hidden
            className="ml-auto rounded border border-slate-300 px-1 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400"
          >
            Ctrl K
          </kbd>
        </button>
      ) : null}
      {userName !== undefined && (
        <div className="mt-auto">
          <p className="truncate px-2 pb-2 text-xs text-slate-600 dark:text-slate-400">{userName}</p>
          <Form method="post" action="/logout">
            <button
              type="submit"
              className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <LogOut aria-hidden className="h-4 w-4" />
              Log out
            </button>
          </Form>
        </div>
      )}
    </nav>
  );
}
