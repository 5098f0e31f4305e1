import { Form, NavLink } from '@remix-run/react';
import { Building2, Contact, House, LogOut, Map, Search, Settings, Tags, Upload } from 'lucide-react';
import { OPEN_PALETTE_EVENT } from '../palette/command-palette';
import type { ComponentType } from 'react';

const NAV: { to: string; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { to: '/home', label: 'Home', icon: House },
  { to: '/contacts', label: 'Contacts', icon: Contact },
  { to: '/organizations', label: 'Organizations', icon: Building2 },
  { to: '/tags', label: 'Tags', icon: Tags },
  { to: '/map', label: 'Map', icon: Map },
  { to: '/import', label: 'Import', icon: Upload },
  { to: '/settings', label: 'Settings', icon: Settings },
];

/**
 * The app's navigation; without a user name (an error page whose user is not known) it has no
 * log-out. On an error page its links load whole documents: after an action's error the
 * router holds no data for the app layout, and a client-side navigation would not reload it.
 */
export function AppSidebar({ userName, reloadDocument = false }: { userName?: string; reloadDocument?: boolean }) {
  return (
    <nav
      aria-label="Main"
      className="flex shrink-0 flex-row items-center gap-1 border-b border-slate-200 bg-white px-3 py-2 md:h-full md:w-56 md:flex-col md:items-stretch md:border-r md:border-b-0 md:py-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <a href="/home" className="mr-3 px-2 text-xl font-bold tracking-tight text-brand-600 md:mr-0 md:mb-6">
        Kith
      </a>
      {NAV.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          prefetch={reloadDocument ? 'none' : 'intent'}
          reloadDocument={reloadDocument}
          className={({ isActive }) =>
            `flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium ${
              isActive ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`
          }
        >
          <Icon className="h-4 w-4" />
          {/* Visually hidden on a phone, still the link's name there. */}
          <span className="sr-only sm:not-sr-only">{label}</span>
        </NavLink>
      ))}
      {userName !== undefined && !reloadDocument ? (
        <button
          type="button"
          aria-label="Find (Ctrl+K)"
          onClick={() => window.dispatchEvent(new Event(OPEN_PALETTE_EVENT))}
          className="flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 md:mt-2 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Search className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">Find</span>
          <kbd className="ml-auto hidden rounded border border-slate-300 px-1 text-xs text-slate-600 md:inline dark:border-slate-700 dark:text-slate-400">Ctrl K</kbd>
        </button>
      ) : null}
      {userName !== undefined && (
        <div className="ml-auto md:mt-auto md:ml-0">
          <p className="hidden truncate px-2 pb-2 text-xs text-slate-500 md:block">{userName}</p>
          <Form method="post" action="/logout">
            <button type="submit" className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
              <LogOut className="h-4 w-4" />
              <span className="sr-only sm:not-sr-only">Log out</span>
            </button>
          </Form>
        </div>
      )}
    </nav>
  );
}
