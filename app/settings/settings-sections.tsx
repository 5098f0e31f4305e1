import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { CardHeadingLevel } from '../components/ui/card';

/** Settings' sections, in the order a new user needs them: who they are and when Kith reminds them first. */
export const SETTINGS_SECTIONS = [
  { id: 'account', title: 'Account and security' },
  { id: 'reminders', title: 'Reminders' },
  { id: 'connections', title: 'Phone and connections' },
  { id: 'data', title: 'Your data' },
  { id: 'developers', title: 'Developers' },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

const NAV_LINK =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm text-slate-700 hover:bg-slate-100 hover:text-brand-600 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * The in-page contents: a row of links on a phone, a column that stays in view on a wide screen.
 * On a page of its own (the activity log) the links lead back to those sections.
 */
function SettingsNav({ away }: { away: boolean }) {
  return (
    <nav aria-label="Settings sections" className="lg:sticky lg:top-4 lg:self-start">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.id}>
            {away ? (
              <Link to={`/settings#${section.id}`} className={NAV_LINK}>
                {section.title}
              </Link>
            ) : (
              <a href={`#${section.id}`} className={NAV_LINK}>
                {section.title}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Every Settings page's columns: the sections' links, then the page. The same grid on each, so
 * the page's left edge stays put going from Settings to the activity log and back (#43).
 */
export function SettingsColumns({ away = false, children }: { away?: boolean; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-6 p-6 lg:grid-cols-[12rem_minmax(0,48rem)]">
      <SettingsNav away={away} />
      <div className="min-w-0 space-y-10" data-testid="settings-page-column">
        {children}
      </div>
    </div>
  );
}

export function SettingsSection({ id, children }: { id: SettingsSectionId; children: ReactNode }) {
  const title = SETTINGS_SECTIONS.find((s) => s.id === id)?.title;
  return (
    // A region, not a <section>: each card is a <section> of its own, found by its heading.
    <div role="region" id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 space-y-6">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      <CardHeadingLevel.Provider value={3}>{children}</CardHeadingLevel.Provider>
    </div>
  );
}
