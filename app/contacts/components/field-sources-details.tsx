import type { ContactView } from '../../../worker/domain/contacts/contact-view';
import type { DateView } from '../../../worker/domain/dates/important-dates';
import { dateValue } from '../../../worker/domain/sources/field-values';
import { sourceLabel, type FieldSourceView, type SourceField } from '../../../worker/domain/sources/source-kinds';
import { useDateFormat } from '../../layout/time-zone';

const LABELS: Record<SourceField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  title: 'Title',
  priority: 'Priority',
  location: 'Location',
  telegram_username: 'Telegram',
  twitter_handle: 'X (Twitter)',
  linkedin_url: 'LinkedIn',
  how_we_met: 'How we met',
  connected_on: 'Connected since',
  notes: 'Notes',
  avatar_url: 'Photo',
  bio_twitter: 'X bio',
  bio_telegram: 'Telegram bio',
  bio_linkedin: 'LinkedIn headline',
  cadence: 'Keep in touch',
  tag: 'Tag',
  date: 'Date',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_KINDS = { birthday: 'Birthday', anniversary: 'Anniversary' } as const;

interface Held {
  field: SourceField;
  /** What the source names (an email, a tag, a date as YYYY-MM-DD); null for a one-value field. */
  value: string | null;
  /** The row's label when not the field's ("Birthday"), and the value as shown. */
  label?: string;
  shown?: string;
}

/** A contact's dates as rows: each by its kind or label, shown as "12 Mar 1990". */
function heldDates(dates: DateView[]): Held[] {
  return dates.map((d) => ({
    field: 'date',
    value: dateValue(d),
    label: d.kind === 'custom' ? (d.label ?? 'Date') : DATE_KINDS[d.kind],
    shown: `${d.day} ${MONTHS[d.month - 1]}${d.year ? ` ${d.year}` : ''}`,
  }));
}

/** The values the contact holds, in the order the Details card shows them; the ones set by default (priority, cadence) only when a source gave them. */
function heldValues(c: ContactView, dates: DateView[]): Held[] {
  const one = (field: SourceField, v: unknown) => (v === null || v === undefined || v === '' ? [] : [{ field, value: null }]);
  return [
    ...one('first_name', c.first_name),
    ...one('last_name', c.last_name),
    ...c.emails.map((value) => ({ field: 'email' as const, value })),
    ...c.phones.map((value) => ({ field: 'phone' as const, value })),
    ...one('company', c.company),
    ...one('title', c.title),
    ...one('location', c.location),
    ...one('telegram_username', c.telegram_username),
    ...one('twitter_handle', c.twitter_handle),
    ...one('linkedin_url', c.linkedin_url),
    ...one('how_we_met', c.how_we_met),
    ...one('connected_on', c.connected_on),
    ...one('notes', c.notes),
    ...one('avatar_url', c.avatar_url),
    ...one('bio_twitter', c.bios.twitter),
    ...one('bio_telegram', c.bios.telegram),
    ...one('bio_linkedin', c.bios.linkedin),
    ...c.tags.map((value) => ({ field: 'tag' as const, value })),
    ...heldDates(dates),
  ];
}

/**
 * Where each value came from (ADR 032), behind a disclosure that opens by click, tap or
 * keyboard: no hover-only information. A value from before sources were kept says so.
 */
export function FieldSourcesDetails({ contact, sources, dates }: { contact: ContactView; sources: FieldSourceView[]; dates: DateView[] }) {
  const format = useDateFormat();
  const find = (field: SourceField, value: string | null) => sources.find((s) => s.field === field && s.value === value);
  const rows: Held[] = [
    ...heldValues(contact, dates),
    ...sources.filter((s) => s.field === 'priority' || s.field === 'cadence').map((s) => ({ field: s.field, value: null })),
  ];
  if (rows.length === 0) return null;
  return (
    <details className="mt-3 border-t border-slate-100 pt-3 text-sm dark:border-slate-800" data-testid="field-sources">
      <summary className="cursor-pointer rounded font-medium text-brand-700 max-sm:flex max-sm:min-h-11 max-sm:items-center dark:text-brand-300">
        Where these values came from
      </summary>
      <dl className="mt-2 space-y-2">
        {rows.map(({ field, value, label, shown }) => {
          const source = find(field, value);
          return (
            <div key={`${field}:${value ?? ''}:${label ?? ''}`} className="grid grid-cols-3 gap-2">
              <dt className="text-slate-500">{label ?? LABELS[field]}</dt>
              <dd className="col-span-2 min-w-0">
                {value ? <span className="block break-all text-xs text-slate-500">{shown ?? value}</span> : null}
                {source ? (
                  sourceLabel(source, format.date)
                ) : (
                  <span className="text-slate-500">Not known: from before Kith kept sources</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}
