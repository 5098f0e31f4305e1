import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { AppError } from '../../worker/domain/errors';
import { introTargetOf } from '../../worker/domain/intros/intro-ask';
import { aiFeaturesOf } from '../ai/ai-features.server';
import { BioWandButton } from '../ai/components/bio-wand-button';
import { EnrichWithApolloItem } from '../ai/components/enrich-with-apollo-item';
import { MessageComposer } from '../ai/components/message-composer';
import { requireUser } from '../auth/session.server';
import { BccAddressCard } from '../contacts/components/bcc-address-card';
import { CommonGroupsCard } from '../contacts/components/common-groups-card';
import { ContactHeader } from '../contacts/components/contact-header';
import { ContactLocalTime } from '../contacts/components/contact-local-time';
import { ContactProfileCard } from '../contacts/components/contact-profile-card';
import { ContactQuickActions } from '../contacts/components/contact-quick-actions';
import { ContactTimeline } from '../contacts/components/contact-timeline';
import { DuplicatesCard } from '../contacts/components/duplicates-card';
import { FilesCard } from '../contacts/components/files-card';
import { KeepInTouchCard } from '../contacts/components/keep-in-touch-card';
import { LifeCard } from '../contacts/components/life-card';
import { ImportantDatesCard } from '../contacts/components/important-dates-card';
import { MergedHereCard } from '../contacts/components/merged-here-card';
import { IntroPathsCard } from '../contacts/components/intro-paths-card';
import { PeopleCard } from '../contacts/components/people-card';
import { TimelineComposer, type ComposerMode } from '../contacts/components/timeline-composer';
import { CONTACT_PAGE_INTENTS, handleContactPageAction } from '../contacts/contact-page-action.server';
import { loadContactPage, syncOnVisit } from '../contacts/contact-page-data.server';
import { offlineSafeAction } from '../http/offline-safe-action';
import { skipAfterOfflineWrite } from '../routing/revalidation';
import { intentAction } from '../http/intent-action.server';
import { focusField } from '../layout/focus-field';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.contact.full_name || 'Contact'} · Kith` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const id = params.id ?? '';
  try {
    const [{ syncRequestedAt, ...data }, introTarget] = await Promise.all([
      loadContactPage(deps, user, id),
      introTargetOf(deps.store, new URL(request.url).searchParams.get('intro_to')),
    ]);
    // Asking for a DM sync is a write the page does not show: it goes on after the answer, and
    // starts after the page's reads so that its statements do not queue among them.
    context.cloudflare.ctx.waitUntil(syncOnVisit(deps, user.id, id, syncRequestedAt));
    return json({ ...data, introTarget, ai: aiFeaturesOf(deps.settings, data.contact, deps.env) });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw new Response('This contact does not exist.', { status: 404 });
    throw error;
  }
}

export const action = intentAction(CONTACT_PAGE_INTENTS, ({ deps, user, params, intent, form }) =>
  handleContactPageAction(deps, user, params.id ?? '', intent, form),
);

export const clientAction = offlineSafeAction;
export const shouldRevalidate = skipAfterOfflineWrite;

/**
 * Built around the person: the header says who they are and how to reach them; the timeline,
 * with its composer on top, is the main column; details and the cards sit in a side panel that
 * follows the timeline on a phone.
 */
export default function ContactPage() {
  const {
    contact,
    fieldSources,
    timeline,
    scoreParts,
    keepInTouch,
    duplicates,
    groups,
    dates,
    merges,
    people,
    life,
    lifeDates,
    timeZone,
    ai,
    sending,
    introTarget,
  } = useLoaderData<typeof loader>();
  // `?log` (a reminder's notification, the app's "Log interaction" shortcut): "Log it" one tap away.
  // Home's "Congratulate" lands here with `?congratulate=<event>`: the composer opens on a message about it;
  // "Ask … for an intro" with `?intro_to=<contact>`: on a message asking for that introduction.
  const [searchParams] = useSearchParams();
  const logRequested = searchParams.has('log');
  const congratulate = life.find((e) => e.id === searchParams.get('congratulate')) ?? null;
  const [composerMode, setComposerMode] = useState<ComposerMode>(logRequested ? 'log' : congratulate || introTarget ? 'message' : 'note');
  const openLog = () => {
    flushSync(() => setComposerMode('log'));
    focusField('timeline-composer');
  };
  useEffect(() => {
    if (!logRequested) return;
    setComposerMode('log');
    focusField('timeline-composer');
  }, [logRequested, contact.id]);
  // From another contact's page the route stays mounted: open the message tab for the ask here too.
  useEffect(() => {
    if (introTarget?.id) setComposerMode('message');
  }, [introTarget?.id, contact.id]);
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <ContactHeader
        contact={contact}
        scoreParts={scoreParts}
        menuItems={<EnrichWithApolloItem contactId={contact.id} disabledReason={ai.enrichment.disabledReason} />}
        syncChannels={[
          ...(!sending.telegram && contact.telegram_username ? ['Telegram'] : []),
          ...(!sending.twitter && contact.twitter_handle ? ['X'] : []),
        ]}
        below={timeZone ? <ContactLocalTime timeZone={timeZone} place={contact.geocoded_location} /> : null}
        actions={<ContactQuickActions contact={contact} onLog={openLog} today={keepInTouch.today} />}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ContactTimeline
          key={contact.id}
          contactId={contact.id}
          first={timeline}
          events={life}
          composer={
            <TimelineComposer
              contactId={contact.id}
              mode={composerMode}
              onModeChange={setComposerMode}
              message={
                <MessageComposer
                  contactId={contact.id}
                  {...ai.drafts}
                  sendBlockedBy={sending}
                  occasion={congratulate ? { id: congratulate.id, summary: congratulate.summary } : null}
                  intro={congratulate || introTarget?.id === contact.id ? null : introTarget}
                />
              }
            />
          }
        />
        <aside className="space-y-6" aria-label="About this contact">
          <ContactProfileCard
            contact={contact}
            sources={fieldSources}
            dates={dates}
            headerActions={<BioWandButton contactId={contact.id} {...ai.wand} />}
          />
          <LifeCard events={life} yearly={lifeDates} />
          <PeopleCard contactId={contact.id} people={people} />
          {/* Read again when a link changes: the paths follow the People card. */}
          <IntroPathsCard
            key={people.map((p) => `${p.id}:${p.kind}`).join()}
            target={{ kind: 'contact', id: contact.id }}
            title="How you could reach them"
          />
          <FilesCard key={contact.id} contactId={contact.id} />
          <KeepInTouchCard contact={contact} {...keepInTouch} />
          <ImportantDatesCard dates={dates} />
          <DuplicatesCard contactId={contact.id} duplicates={duplicates} />
          <MergedHereCard merges={merges} />
          <CommonGroupsCard groups={groups} />
          <BccAddressCard address={contact.bcc_address} />
        </aside>
      </div>
    </div>
  );
}
