import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import type { ClientLoaderFunctionArgs } from '@remix-run/react';
import { Link, useLoaderData } from '@remix-run/react';
import { Cake, CalendarHeart, Loader, Snowflake } from '../components/icons';
import { AppError } from '../../worker/domain/errors';
import { today } from '../../worker/domain/home/today';
import { requireUser } from '../auth/session.server';
import { AGENDA_FORM_INTENTS, handleAgendaAction } from '../keep-in-touch/agenda-action.server';
import { ExplainedScoreBadge } from '../contacts/components/explained-score-badge';
import { Avatar } from '../components/ui/avatar';
import { Card } from '../components/ui/card';
import { AgendaCard } from '../home/components/agenda-card';
import { OfflineAgenda, type OfflineDue } from '../home/components/offline-agenda';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { dueLocally } from '../search-index/local-index';
import { StartHereCard } from '../home/components/start-here-card';
import { WhatsNewCard } from '../life-events/components/whats-new-card';
import { handleLifeEventAction, LIFE_EVENT_FORM_INTENTS } from '../life-events/life-event-action.server';
import { ago, inDays } from '../home/format';
import { formatDateTime } from '../layout/time-zone';
import { PageHeader } from '../layout/page-header';
import { offlineSafeAction } from '../http/offline-safe-action';
import { intentAction } from '../http/intent-action.server';
import { skipAfterOfflineWrite } from '../routing/revalidation';

export const meta: MetaFunction = () => [{ title: 'Home · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  return json({ user, today: await today(deps.db, user) });
}

/**
 * With the network cut, Home's agenda comes from this device's index (docs/decisions/040): the
 * contacts due this week, instead of a page that cannot load. Online, the server's page as ever.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  if (!navigator.onLine) {
    // A day's margin for the user's time zone, which the page applies.
    const due = await dueLocally(addDays(localDate(new Date(), 'UTC'), 8));
    if (due)
      return {
        offline: true as const,
        due: due.map((row): OfflineDue => ({ id: row.id, full_name: row.full_name, next_due: row.next_due })),
      };
  }
  return serverLoader<typeof loader>();
}

export const action = intentAction([...AGENDA_FORM_INTENTS, ...LIFE_EVENT_FORM_INTENTS], async ({ deps, user, intent, form }) => {
  try {
    if (LIFE_EVENT_FORM_INTENTS.includes(intent)) await handleLifeEventAction(deps, user, intent, form);
    else await handleAgendaAction(deps, user, intent, form);
    return json({ ok: true, intent, error: null });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json({ ok: false, intent, error: { code: error.code, message: error.message } }, { status: error.status });
  }
});

const greeting = (timeZone: string) => {
  const hour = Number(new Intl.DateTimeFormat('en', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
};

// Done, snooze and dismiss post with fetchers: offline, they say so instead of crashing the page.
export const clientAction = offlineSafeAction;
export const shouldRevalidate = skipAfterOfflineWrite;

export default function HomePage() {
  const data = useLoaderData<typeof clientLoader>();
  if ('offline' in data) return <OfflineAgenda due={data.due} />;
  const { user, today: t } = data;
  const tz = user.time_zone;
  return (
    <>
      <PageHeader
        title={`${greeting(tz)}, ${user.name.split(' ')[0]}`}
        description="Who to reach out to: what is due, birthdays and dates, and people going cold."
      />
      <div className="grid gap-6 p-6 lg:grid-cols-2">
        {t.has_contacts ? null : <StartHereCard />}
        <AgendaCard
          items={t.agenda.items}
          today={t.agenda.today}
          total={t.agenda.total}
          goingCold={t.going_cold.length}
          empty={!t.has_contacts}
        />

        <WhatsNewCard news={t.whats_new} />

        <Card title="Birthdays and dates">
          {t.upcoming_dates.length === 0 && t.upcoming_anniversaries.length === 0 ? (
            <p className="text-sm text-slate-500">No birthdays or important dates in the next 7 days.</p>
          ) : null}
          <ul className="space-y-2" aria-label="Coming up this week">
            {t.upcoming_dates.map((d) => (
              <li key={d.id} className="flex items-center gap-2 text-sm">
                {d.kind === 'birthday' ? <Cake className="h-4 w-4 text-rose-500" /> : <CalendarHeart className="h-4 w-4 text-violet-500" />}
                <Link to={`/contacts/${d.contact_id}`} className="font-medium hover:text-brand-600">
                  {d.contact_name}
                </Link>
                <span className="text-slate-500">
                  {d.kind === 'birthday' ? 'birthday' : d.kind === 'anniversary' && !d.label ? 'wedding anniversary' : (d.label ?? d.kind)}{' '}
                  {inDays(d.in_days)}
                  {d.turns ? (d.kind === 'birthday' ? ` (turns ${d.turns})` : ` (${d.turns} year${d.turns === 1 ? '' : 's'})`) : ''}
                </span>
              </li>
            ))}
            {t.upcoming_anniversaries.map((a) => (
              <li key={a.event.id} className="flex items-center gap-2 text-sm">
                <CalendarHeart className="h-4 w-4 text-violet-500" />
                <Link to={`/contacts/${a.event.contact_id}`} className="font-medium hover:text-brand-600">
                  {a.event.contact_name}
                </Link>
                <span className="text-slate-500">
                  {a.title.toLowerCase()} {inDays(a.in_days)}
                  {a.years ? ` (${a.years} year${a.years === 1 ? '' : 's'})` : ''}
                </span>
              </li>
            ))}
          </ul>
        </Card>

        <Card title="High priority, going cold">
          {t.going_cold.length === 0 ? (
            <p className="text-sm text-slate-500">Every high-priority contact heard from you in the last three weeks.</p>
          ) : null}
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Going cold">
            {t.going_cold.map((c) => (
              // The score beside the link, not in it: its explanation is a button of its own.
              <li key={c.id} className="flex items-center gap-3">
                <Link to={`/contacts/${c.id}`} className="flex min-w-0 flex-1 items-center gap-3 py-2 text-sm hover:text-brand-600">
                  <Avatar name={c.full_name || '?'} url={c.avatar_url} />
                  <span className="flex-1 font-medium">{c.full_name || 'Unnamed'}</span>
                  <span className="flex items-center gap-1 text-xs text-slate-500">
                    <Snowflake className="h-3 w-3" /> last contact {ago(c.last_interaction_at)}
                  </span>
                </Link>
                <ExplainedScoreBadge score={c.relationship_score} />
              </li>
            ))}
          </ul>
        </Card>

        <Card title="Recent interactions">
          {t.recent.length === 0 ? (
            <p className="text-sm text-slate-500">No interactions yet. Log a note or a meeting on a contact, or import your network.</p>
          ) : null}
          <ul className="space-y-3" aria-label="Recent interactions">
            {t.recent.map((i) => (
              <li key={i.id} className="text-sm">
                <Link to={`/contacts/${i.contact_id}`} className="font-medium hover:text-brand-600">
                  {i.contact_name}
                </Link>
                <span className="text-slate-500">
                  {' '}
                  · {i.kind}
                  {i.channel && i.channel !== i.kind && i.source !== 'manual' ? ` on ${i.channel}` : ''}
                  {i.direction ? (i.direction === 'in' ? ' (received)' : ' (sent)') : ''} · {formatDateTime(i.occurred_at, tz)}
                </span>
                {i.subject || i.body ? <p className="line-clamp-2 text-slate-600 dark:text-slate-400">{i.subject ?? i.body}</p> : null}
              </li>
            ))}
          </ul>
        </Card>

        {t.jobs.imports.length > 0 || t.jobs.geocoding_pending > 0 || t.jobs.purge_pending > 0 ? (
          <Card title="In progress" className="lg:col-span-2">
            <ul className="space-y-2 text-sm" aria-label="Jobs in progress">
              {t.jobs.imports.map((j) => (
                <li key={j.id} className="flex items-center gap-2">
                  <Loader className="h-4 w-4 animate-spin text-brand-600" /> {j.kind} import: {j.processed.toLocaleString('en')} of{' '}
                  {j.total.toLocaleString('en')} rows
                </li>
              ))}
              {t.jobs.geocoding_pending > 0 ? (
                <li className="flex items-center gap-2">
                  <Loader className="h-4 w-4 animate-spin text-brand-600" /> Placing {t.jobs.geocoding_pending.toLocaleString('en')}{' '}
                  contacts on the map
                </li>
              ) : null}
              {t.jobs.purge_pending > 0 ? (
                <li className="flex items-center gap-2">
                  <Loader className="h-4 w-4 animate-spin text-brand-600" />{' '}
                  {`Clearing the timelines of ${t.jobs.purge_pending.toLocaleString('en')} deleted ${t.jobs.purge_pending === 1 ? 'contact' : 'contacts'}`}
                </li>
              ) : null}
            </ul>
          </Card>
        ) : null}
      </div>
    </>
  );
}
