import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import type { ContactView } from '../../../worker/domain/contacts/contact-view';
import { formatDate } from '../../layout/time-zone';
import { handleText, linkedInHref, mailtoHref, telegramHref, telHref, urlText, xHref } from '../profile-links';
import type { DateView } from '../../../worker/domain/dates/important-dates';
import type { FieldSourceView } from '../../../worker/domain/sources/source-kinds';
import { CompanyField } from './company-field';
import { FieldSourcesDetails } from './field-sources-details';
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
      <span key={v} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
        {v}
      </span>
    ))}
  </span>
);

const linkClass =
  'text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700 max-sm:block max-sm:py-3 dark:text-brand-300';

/** One link per value, stacked. */
const LinkList = ({ items }: { items: { href: string; text: string; external?: boolean }[] }) => (
  <span className="flex flex-col">
    {items.map(({ href, text, external }) => (
      <a key={href} href={href} className={linkClass} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {text}
      </a>
    ))}
  </span>
);

/** Every editable field of the contact, each edited in place; emails, phones and profiles are links. */
export function ContactProfileCard({
  contact: c,
  sources,
  dates,
  headerActions,
}: {
  contact: ContactView;
  sources: FieldSourceView[];
  /** The contact's dates, whose sources the foot of the card lists too. */
  dates: DateView[];
  headerActions?: ReactNode;
}) {
  return (
    <Card title="Details" actions={headerActions}>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <InlineField label="First name" value={c.first_name ?? ''} toPatch={(v) => ({ first_name: orNull(v) })} />
        <InlineField label="Last name" value={c.last_name ?? ''} toPatch={(v) => ({ last_name: orNull(v) })} />
        <InlineField
          label="Emails"
          value={c.emails.join(', ')}
          links={<LinkList items={c.emails.map((e) => ({ href: mailtoHref(e), text: e }))} />}
          toPatch={(v) => ({ emails: list(v) })}
          hint="Separate several with commas"
          placeholder="Add an email"
        />
        <InlineField
          label="Phones"
          value={c.phones.join(', ')}
          links={<LinkList items={c.phones.map((p) => ({ href: telHref(p), text: p }))} />}
          toPatch={(v) => ({ phones: list(v) })}
          hint="Separate several with commas"
          placeholder="Add a phone"
        />
        <CompanyField company={c.company} />
        <InlineField label="Title" value={c.title ?? ''} toPatch={(v) => ({ title: orNull(v) })} placeholder="Add a title" />
        <InlineField
          label="Tags"
          value={c.tags.join(', ')}
          display={<Chips values={c.tags} />}
          toPatch={(v) => ({ tags: list(v) })}
          hint="Separate with commas"
          placeholder="Add tags"
        />
        <PriorityField priority={c.priority} />
        <InlineField
          label="Location"
          value={c.location ?? ''}
          // SPEC §7: a location that could not be geocoded is plain text.
          links={
            c.geocode_status === 'geocoded' ? (
              <Link to={`/map?focus=${c.id}`} className={linkClass}>
                {c.location}
              </Link>
            ) : undefined
          }
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
        <InlineField
          label="Telegram"
          value={c.telegram_username ?? ''}
          links={
            c.telegram_username ? (
              <LinkList items={[{ href: telegramHref(c.telegram_username), text: handleText(c.telegram_username), external: true }]} />
            ) : undefined
          }
          toPatch={(v) => ({ telegram_username: orNull(v) })}
          placeholder="Add a username"
        />
        <InlineField
          label="X (Twitter)"
          value={c.twitter_handle ?? ''}
          links={
            c.twitter_handle ? (
              <LinkList items={[{ href: xHref(c.twitter_handle), text: handleText(c.twitter_handle), external: true }]} />
            ) : undefined
          }
          toPatch={(v) => ({ twitter_handle: orNull(v) })}
          placeholder="Add a handle"
        />
        <InlineField
          label="LinkedIn"
          value={c.linkedin_url ?? ''}
          links={
            c.linkedin_url ? (
              <LinkList items={[{ href: linkedInHref(c.linkedin_url), text: urlText(c.linkedin_url), external: true }]} />
            ) : undefined
          }
          toPatch={(v) => ({ linkedin_url: orNull(v) })}
          placeholder="Add a profile URL"
        />
        <InlineField
          label="How we met"
          value={c.how_we_met ?? ''}
          toPatch={(v) => ({ how_we_met: orNull(v) })}
          placeholder="Add how you met"
        />
        {c.connected_on ? (
          <div className="grid grid-cols-3 gap-2 py-2 text-sm">
            <dt className="pt-1 text-slate-500">Connected since</dt>
            <dd className="col-span-2 px-1 py-1" data-testid="connected-on">
              <time dateTime={c.connected_on}>{formatDate(`${c.connected_on}T00:00:00Z`, 'UTC')}</time>
            </dd>
          </div>
        ) : null}
        <InlineField
          label="Notes"
          value={c.notes ?? ''}
          toPatch={(v) => ({ notes: orNull(v) })}
          multiline
          hint="Ctrl+Enter or click away to save, Escape to cancel"
          placeholder="What you know about them"
        />
      </dl>
      <FieldSourcesDetails contact={c} sources={sources} dates={dates} />
    </Card>
  );
}
