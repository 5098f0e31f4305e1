import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { listSessions } from '../../worker/domain/auth/account';
import { readSessionToken } from '../../worker/domain/auth/sessions';
import { listTokens } from '../../worker/domain/auth/tokens';
import { geocodingProgress } from '../../worker/domain/geocoding/backfill';
import { requireUser } from '../auth/session.server';
import { SettingsColumns, SettingsSection } from '../settings/settings-sections';
import { PageHeader } from '../layout/page-header';
import { AccountCard } from '../settings/account-card';
import { DeleteAccountCard } from '../settings/delete-account-card';
import { ExportCard } from '../settings/export-card';
import { handleSettingsAction, SETTINGS_INTENTS, type SettingsActionData } from '../settings/settings-actions.server';
import { TokensCard } from '../settings/tokens-card';
import { ConnectedAppsCard } from '../settings/connected-apps-card';
import { CONNECTED_APPS_INTENTS, handleConnectedAppsAction, isConnectedAppsIntent } from '../settings/connected-apps-actions.server';
import { listConnectedApps } from '../../worker/domain/mcp-oauth/connected-apps';
import { TimeZoneCard } from '../settings/time-zone-card';
import { GoogleContactsCard } from '../imports/components/google-contacts-card';
import { googleContactsStatus } from '../../worker/domain/google/google-contacts-status';
import { GeocodingCard } from '../settings/geocoding-card';
import { LocalSearchCard } from '../settings/local-search-card';
import { TwoFactorCard } from '../settings/two-factor-card';
import { PasskeysCard } from '../settings/passkeys-card';
import { handlePasskeyAction, isPasskeyIntent, PASSKEY_INTENTS, type PasskeyActionData } from '../settings/passkey-actions.server';
import { listPasskeys } from '../../worker/domain/auth/passkeys/passkey-settings';
import {
  handleTwoFactorAction,
  isTwoFactorIntent,
  loadTwoFactorCard,
  TWO_FACTOR_INTENTS,
  type TwoFactorActionData,
} from '../settings/two-factor-actions.server';
import { IntegrationsSection } from '../settings/integrations/integrations-section';
import { loadIntegrations } from '../settings/integrations/integrations.server';
import { ActivityLogCard } from '../settings/activity-log-card';
import { FailedJobsCard } from '../settings/failed-jobs-card';
import { loadReliability } from '../settings/reliability.server';
import { getKeepInTouchSettings } from '../../worker/domain/keep-in-touch/keep-in-touch-settings';
import { CadenceDefaultsCard } from '../settings/cadence-defaults-card';
import { CalendarFeedCard } from '../settings/calendar-feed-card';
import { handleKeepInTouchAction, isKeepInTouchIntent, KEEP_IN_TOUCH_INTENTS } from '../settings/keep-in-touch-actions.server';
import { WeeklyDigestCard } from '../settings/weekly-digest-card';
import { LifeEventReadingCard } from '../settings/life-event-reading-card';
import {
  handleLifeEventReadingAction,
  isLifeEventReadingIntent,
  LIFE_EVENT_READING_INTENTS,
} from '../settings/life-event-reading-actions.server';
import { getLifeEventReading } from '../../worker/domain/life-events/message-reading-settings';
import { NotificationsCard } from '../settings/notifications-card';
import { WebhooksCard } from '../settings/webhooks-card';
import { handleWebhookAction, isWebhookIntent, WEBHOOK_INTENTS, type WebhookActionData } from '../settings/webhook-actions.server';
import { loadWebhooks } from '../settings/webhooks.server';
import { intentAction } from '../http/intent-action.server';
import { offlineSafeFormAction } from '../http/offline-safe-action';
import { skipAfterOfflineWrite } from '../routing/revalidation';
import { listAppPasswords } from '../../worker/domain/dav/app-passwords';
import { davServerUrl } from '../../worker/dav/dav-paths';
import { PhoneSyncCard } from '../settings/phone-sync-card';
import { handlePhoneSyncAction, isPhoneSyncIntent, PHONE_SYNC_INTENTS } from '../settings/phone-sync-actions.server';

export const meta: MetaFunction = () => [{ title: 'Settings · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const token = readSessionToken(request.headers.get('cookie')) ?? undefined;
  const [
    tokens,
    sessions,
    google,
    geocoding,
    twoFactor,
    integrations,
    reliability,
    keepInTouch,
    appPasswords,
    passkeys,
    webhooks,
    connectedApps,
    reading,
  ] = await Promise.all([
    listTokens(deps.directory.db, user.id),
    listSessions(deps.directory.db, user.id, token),
    googleContactsStatus(deps, user.id),
    geocodingProgress(deps.db, user.id),
    loadTwoFactorCard(deps, user.id),
    loadIntegrations(deps, user.id, new URL(request.url)),
    loadReliability(deps, user.id),
    getKeepInTouchSettings(deps.db, user.id),
    listAppPasswords(deps),
    listPasskeys({ deps, user }),
    loadWebhooks(deps, new URL(request.url)),
    listConnectedApps(deps),
    getLifeEventReading(deps),
  ]);
  const phoneSync = { server: davServerUrl(deps.settings.APP_URL, request.url), email: user.email, passwords: appPasswords };
  const failedJobsNotice = new URL(request.url).searchParams.get('failed_jobs')?.slice(0, 200) ?? null;
  return json({
    user,
    tokens,
    sessions,
    google,
    geocoding,
    twoFactor,
    integrations,
    reliability,
    keepInTouch,
    phoneSync,
    passkeys,
    webhooks,
    connectedApps,
    reading,
    failedJobsNotice,
  });
}

export const action = intentAction(
  [
    ...SETTINGS_INTENTS,
    ...TWO_FACTOR_INTENTS,
    ...KEEP_IN_TOUCH_INTENTS,
    ...PHONE_SYNC_INTENTS,
    ...PASSKEY_INTENTS,
    ...WEBHOOK_INTENTS,
    ...CONNECTED_APPS_INTENTS,
    ...LIFE_EVENT_READING_INTENTS,
  ],
  async ({ request, form, intent, user, deps }) => {
    if (isPhoneSyncIntent(intent)) return handlePhoneSyncAction(form, user, deps);
    if (isTwoFactorIntent(intent)) return handleTwoFactorAction(request, form, user, deps);
    if (isPasskeyIntent(intent)) return handlePasskeyAction(request, form, user, deps);
    if (isKeepInTouchIntent(intent)) return handleKeepInTouchAction(form, user, deps);
    if (isWebhookIntent(intent)) return handleWebhookAction(form, user, deps);
    if (isConnectedAppsIntent(intent)) return handleConnectedAppsAction(form, deps);
    if (isLifeEventReadingIntent(intent)) return handleLifeEventReadingAction(form, user, deps);
    return handleSettingsAction(request, form, user, deps);
  },
);

export const clientAction = offlineSafeFormAction;
export const shouldRevalidate = skipAfterOfflineWrite;

export default function SettingsPage() {
  const {
    user,
    tokens,
    sessions,
    google,
    geocoding,
    twoFactor,
    integrations,
    reliability,
    keepInTouch,
    phoneSync,
    passkeys,
    webhooks,
    connectedApps,
    reading,
    failedJobsNotice,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SettingsActionData | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHeader title="Settings" description={`Signed in as ${user.email}`} />
      <SettingsColumns>
        <SettingsSection id="account">
          <AccountCard sessions={sessions} result={result} />
          <TwoFactorCard status={twoFactor.status} setup={twoFactor.setup} result={result as TwoFactorActionData | undefined} />
          <PasskeysCard passkeys={passkeys} result={result as PasskeyActionData | undefined} />
          <TimeZoneCard timeZone={user.time_zone} result={result} />
        </SettingsSection>
        <SettingsSection id="reminders">
          <CadenceDefaultsCard defaults={keepInTouch.cadence_defaults} />
          <NotificationsCard />
          <WeeklyDigestCard enabled={keepInTouch.weekly_digest} />
          <LifeEventReadingCard reading={reading} />
          <CalendarFeedCard feed={keepInTouch.calendar_feed} />
        </SettingsSection>
        <SettingsSection id="connections">
          <PhoneSyncCard server={phoneSync.server} email={phoneSync.email} passwords={phoneSync.passwords} />
          <GoogleContactsCard status={google} />
          <IntegrationsSection data={integrations} busy={busy} />
        </SettingsSection>
        <SettingsSection id="data">
          <ExportCard />
          <GeocodingCard progress={geocoding} enqueued={result?.enqueued ?? null} busy={busy} />
          <LocalSearchCard />
          <FailedJobsCard jobs={reliability.failedJobs.items} total={reliability.failedJobs.total} notice={failedJobsNotice} />
          <ActivityLogCard entries={reliability.activity} />
          <DeleteAccountCard email={user.email} result={result} />
        </SettingsSection>
        <SettingsSection id="developers">
          <ConnectedAppsCard apps={connectedApps} />
          <TokensCard tokens={tokens} result={result} />
          <WebhooksCard data={webhooks} result={result as WebhookActionData | undefined} />
        </SettingsSection>
      </SettingsColumns>
    </>
  );
}
