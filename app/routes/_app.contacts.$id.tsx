import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { getContactView } from '../../worker/domain/contacts/contact-view';
import { AppError } from '../../worker/domain/errors';
import { aiFeaturesOf } from '../ai/ai-features.server';
import { BioWandButton } from '../ai/components/bio-wand-button';
import { ContactActionsMenu } from '../ai/components/contact-actions-menu';
import { EnrichWithApolloItem } from '../ai/components/enrich-with-apollo-item';
import { MessageComposer } from '../ai/components/message-composer';
import { requireUser } from '../auth/session.server';
import { PriorityBadge } from '../contacts/components/priority-badge';
import { ScoreBadge } from '../contacts/components/score-badge';
import { Avatar } from '../components/ui/avatar';
import { Card } from '../components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.contact.full_name || 'Contact'} · Kith` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  try {
    const contact = await getContactView(deps.db, user.id, params.id ?? '', deps.settings.BCC_DOMAIN);
    return json({ contact, ai: aiFeaturesOf(deps.settings, contact) });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw new Response('This contact does not exist.', { status: 404 });
    throw error;
  }
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 break-words">{children || <span className="text-slate-400">—</span>}</dd>
    </div>
  );
}

export default function ContactPage() {
  const { contact: c, ai } = useLoaderData<typeof loader>();
  const name = c.full_name || c.emails[0] || 'Unnamed contact';
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <Link to="/contacts" className="text-sm text-brand-600 hover:underline">← Contacts</Link>
      <header className="flex items-center gap-4">
        <Avatar name={name} url={c.avatar_url} size={64} />
        <div>
          <h1 className="text-2xl font-semibold">{name}</h1>
          <p className="text-sm text-slate-500">{[c.title, c.company?.name].filter(Boolean).join(' at ')}</p>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <PriorityBadge priority={c.priority} />
          <ScoreBadge score={c.relationship_score} />
          <ContactActionsMenu>
            <EnrichWithApolloItem contactId={c.id} disabledReason={ai.enrichment.disabledReason} />
          </ContactActionsMenu>
        </div>
      </header>
      <Card title="Contact details" actions={<BioWandButton contactId={c.id} {...ai.wand} />}>
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <Row label="Emails">{c.emails.join(', ')}</Row>
          <Row label="Phones">{c.phones.join(', ')}</Row>
          <Row label="Company">{c.company?.name}</Row>
          <Row label="Title">{c.title}</Row>
          <Row label="Location">
            {c.location && c.geocode_status === 'geocoded' ? <Link className="text-brand-600 underline" to={`/map?focus=${c.id}`}>{c.location}</Link> : c.location}
          </Row>
          <Row label="Tags">{c.tags.join(', ')}</Row>
          <Row label="Telegram">{c.telegram_username ? `@${c.telegram_username}` : null}</Row>
          <Row label="X">{c.twitter_handle ? `@${c.twitter_handle}` : null}</Row>
          <Row label="LinkedIn">{c.linkedin_url}</Row>
          <Row label="Notes"><span className="whitespace-pre-wrap">{c.notes}</span></Row>
          {c.bcc_address ? <Row label="BCC address"><code className="text-xs">{c.bcc_address}</code></Row> : null}
        </dl>
      </Card>
      <MessageComposer contactId={c.id} {...ai.drafts} />
    </div>
  );
}
