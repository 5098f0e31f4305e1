import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import type { ContactView } from '../../../worker/domain/contacts/contact-view';
import { formatDate } from '../../layout/time-zone';
import { CompanyField } from './company-field';
import { InlineField } from './inline-field';
import { PriorityField } from './priority-field';

const list = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
const orNull = (text: string) => (text.trim() ? text.trim() : null);

const Chips = ({ values }: { values: string[] }) => (
  <span className="flex flex-wrap gap-1">
    {values.map((v) => (
      <span key={v} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{v}</span>
    ))}
  </span>
);

/** Every editable field of the contact, each edited in place. */
export function ContactProfileCard({ contact: c, headerActions }: { contact: ContactView; headerActions?: ReactNode }) {
  return (
    <Card title="Contact details" actions={headerActions}>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <InlineField label="First name" value={c.first_name ?? ''} toPatch={(v) => ({ first_name: orNull(v) })} />
        <InlineField label="Last name" value={c.last_name ?? ''} toPatch={(v) => ({ last_name: orNull(v) })} />
        <InlineField
          label="Emails"
          value={c.emails.join(', ')}
          display={<span className="flex flex-col">{c.emails.map((e) => <span key={e}>{e}</span>)}</span>}
          toPatch={(v) => ({ emails: list(v) })}
          hint="Separate several with commas"
          placeholder="Add an email"
        />
        <InlineField
          label="Phones"
          value={c.phones.join(', ')}
          display={<span className="flex flex-col">{c.phones.map((p) => <span key={p}>{p}</span>)}</span>}
          toPatch={(v) => ({ phones: list(v) })}
          hint="Separate several with commas"
          placeholder="Add a phone"
        />
        <CompanyField company={c.company} />
        <InlineField label="Title" value={c.title ?? ''} toPatch={(v) => ({ title: orNull(v) })} placeholder="Add a title" />
        <InlineField label="Tags" value={c.tags.join(', ')} display={<Chips values={c.tags} />} toPatch={(v) => ({ tags: list(v) })} hint="Separate with commas" placeholder="Add tags" />
        <PriorityField priority={c.priority} />
        <InlineField
          label="Location"
          value={c.location ?? ''}
          // SPEC §7: a location that could not be geocoded is plain text.
          href={c.geocode_status === 'geocoded' ? `/map?focus=${c.id}` : undefined}
          display={
            c.geocode_status === 'no_result' ? (
              <span className="flex flex-col">
                <span>{c.location}</span>
                <span className="text-xs text-amber-800 dark:text-amber-200" data-testid="location-not-placed">
                  Not on the map: no place matches this location. Edit it to try again.
                </span>
              </span>
            ) : undefined
          }
          toPatch={(v) => ({ location: orNull(v) })}
          placeholder="Add a location"
        />
        <InlineField label="Telegram" value={c.telegram_username ?? ''} display={c.telegram_username ? `@${c.telegram_username}` : undefined} toPatch={(v) => ({ telegram_username: orNull(v) })} placeholder="Add a username" />
        <InlineField label="X (Twitter)" value={c.twitter_handle ?? ''} display={c.twitter_handle ? `@${c.twitter_handle}` : undefined} toPatch={(v) => ({ twitter_handle: orNull(v) })} placeholder="Add a handle" />
        <InlineField label="LinkedIn" value={c.linkedin_url ?? ''} toPatch={(v) => ({ linkedin_url: orNull(v) })} placeholder="Add a profile URL" />
        {c.connected_on ? (
          <div className="grid grid-cols-3 gap-2 py-2 text-sm">
            <dt className="pt-1 text-slate-500">Connected since</dt>
            <dd className="col-span-2 px-1 py-1" data-testid="connected-on">
              <time dateTime={c.connected_on}>{formatDate(`${c.connected_on}T00:00:00Z`, 'UTC')}</time>
            </dd>
          </div>
        ) : null}
        <InlineField label="Notes" value={c.notes ?? ''} toPatch={(v) => ({ notes: orNull(v) })} multiline hint="Ctrl+Enter or click away to save, Escape to cancel" placeholder="Add notes" />
      </dl>
    </Card>
  );
}
