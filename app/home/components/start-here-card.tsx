import { Link } from '@remix-run/react';
import { Card } from '../../components/ui/card';
import { buttonClass } from '../../components/ui/button';

const STEPS = [
  {
    to: '/import',
    action: 'Import contacts',
    what: 'A CSV from LinkedIn, Google, Dex or any spreadsheet, a vCard from your phone, or a whole Kith backup.',
  },
  { to: '/settings#connections', action: 'Connect Google', what: 'Your Google contacts, kept in step both ways.' },
  { to: '/settings#connections', action: 'Sync your phone', what: "Your phone's address book, through CardDAV." },
  { to: '/contacts/new', action: 'Add a contact', what: 'Someone you met today, by hand.' },
];

/** An empty account's Home: how to start, instead of agenda cards that have nothing to say yet. */
export function StartHereCard() {
  return (
    <Card title="Start with your people" className="lg:col-span-2">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Kith has no contacts yet. Bring them in and Home fills with who is due, birthdays and people going cold.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Ways to start">
        {STEPS.map((step, index) => (
          <li key={step.action} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-800">
            <p className="text-sm text-slate-600 dark:text-slate-400">{step.what}</p>
            <Link to={step.to} className={buttonClass(index === 0 ? 'primary' : 'secondary', 'min-h-11 self-start')}>
              {step.action}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
