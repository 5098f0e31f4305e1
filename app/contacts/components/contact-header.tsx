import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ContactView } from '../../../worker/domain/contacts/contact-view';
import type { ScoreParts } from '../../../worker/domain/scoring/relationship-score';
import { Avatar } from '../../components/ui/avatar';
import { ContactActionsMenu } from './contact-actions-menu';
import { PriorityBadge } from './priority-badge';
import { RelationshipScoreBadge } from './relationship-score-badge';

export function ContactHeader({
  contact: c,
  scoreParts,
  menuItems,
  syncChannels,
  below,
  actions,
}: {
  contact: ContactView;
  scoreParts: ScoreParts | null;
  menuItems?: ReactNode;
  syncChannels?: string[];
  below?: ReactNode;
  /** The quick ways to reach the person and act on the contact. */
  actions?: ReactNode;
}) {
  const name = c.full_name || c.emails[0] || 'Unnamed contact';
  return (
    <header className="space-y-3">
      <Link to="/contacts" className="inline-flex items-center text-sm text-brand-600 hover:underline max-sm:min-h-11">
        ← Contacts
      </Link>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={name} url={c.avatar_url} size={64} />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">{name}</h1>
          <p className="text-sm text-slate-500">{[c.title, c.company?.name].filter(Boolean).join(' at ') || 'No title or company yet'}</p>
          {c.how_we_met ? (
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="how-we-met">
              {`Met: ${c.how_we_met}`}
            </p>
          ) : null}
          {below}
        </div>
        <div className="flex items-center gap-2 sm:ml-auto">
          <PriorityBadge priority={c.priority} />
          <RelationshipScoreBadge score={c.relationship_score} parts={scoreParts} />
          <ContactActionsMenu contact={c} extraItems={menuItems} syncChannels={syncChannels} />
        </div>
      </div>
      {actions}
    </header>
  );
}
