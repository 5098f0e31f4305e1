import { AtSign, BriefcaseBusiness, Mail, MessageSquarePlus, Phone, Send, type IconComponent } from '../../components/icons';
import type { ContactView } from '../../../worker/domain/contacts/contact-view';
import { RemindMePopover } from './remind-me-popover';
import { linkedInHref, mailtoHref, telegramHref, telHref, xHref } from '../profile-links';

const actionClass =
  'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-700 max-sm:min-h-11 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';

function Action({ href, icon: Icon, label, external }: { href: string; icon: IconComponent; label: string; external?: boolean }) {
  return (
    <a href={href} className={actionClass} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <Icon aria-hidden className="h-4 w-4" />
      {label}
    </a>
  );
}

/**
 * The header's one-tap ways to reach the person, from the channels Kith knows for them, and the
 * two things done most on a contact page: logging a conversation and setting a reminder.
 */
export function ContactQuickActions({ contact: c, onLog, today }: { contact: ContactView; onLog: () => void; today: string }) {
  const email = c.emails[0];
  const phone = c.phones[0];
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Quick actions">
      {email ? <Action href={mailtoHref(email)} icon={Mail} label="Email" /> : null}
      {phone ? <Action href={telHref(phone)} icon={Phone} label="Call" /> : null}
      {c.linkedin_url ? <Action href={linkedInHref(c.linkedin_url)} icon={BriefcaseBusiness} label="LinkedIn" external /> : null}
      {c.twitter_handle ? <Action href={xHref(c.twitter_handle)} icon={AtSign} label="X" external /> : null}
      {c.telegram_username ? <Action href={telegramHref(c.telegram_username)} icon={Send} label="Telegram" external /> : null}
      <button type="button" onClick={onLog} className={actionClass}>
        <MessageSquarePlus aria-hidden className="h-4 w-4" />
        Log interaction
      </button>
      <RemindMePopover contactId={c.id} today={today} className={actionClass} />
    </div>
  );
}
