import { Link } from '@remix-run/react';
import type { LifeEventView } from '../../../worker/domain/life-events/life-event-view';

const LINK_WORDS = { message: 'See the message', import: 'See the import', contact: 'See the card' } as const;

/** Where an event came from and what it rests on: the quoted sentence, or the field's old and new values. */
export function EventEvidence({ event }: { event: LifeEventView }) {
  const { text, field, old_value, new_value, link } = event.evidence;
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-600 dark:text-slate-400">
      {field && new_value ? (
        <p>
          <span className="capitalize">{field}</span>:{' '}
          {old_value ? (
            <>
              <del className="text-slate-500">{old_value}</del> →{' '}
            </>
          ) : null}
          <ins className="no-underline font-medium text-slate-800 dark:text-slate-200">{new_value}</ins>
        </p>
      ) : text ? (
        <blockquote className="border-l-2 border-slate-300 pl-2 italic dark:border-slate-600">“{text}”</blockquote>
      ) : null}
      <p className="text-slate-500">
        {event.source_label}
        {link ? (
          <>
            {' · '}
            <Link to={link.href} className="text-brand-600 hover:underline">
              {LINK_WORDS[link.type]}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
