import type { Channel } from '../../../worker/db/schema';
import type { IntegrationsData } from './integrations.server';
import { EmailCard } from './email-card';
import { XCard } from './x-card';
import { LinkedinCard } from './linkedin-card';
import { TelegramCard } from './telegram-card';

/**
 * Settings → Integrations: one connect/disconnect card per messaging channel, with its
 * status and last sync. Each channel's card lives in its own file beside this one.
 */
export function IntegrationsSection({ data, busy }: { data: IntegrationsData; busy: boolean }) {
  const connection = (channel: Channel) => data.connections.find((c) => c.channel === channel)!;
  return (
    <section id="integrations" aria-labelledby="integrations-heading" className="space-y-3 scroll-mt-6">
      <div>
        <h3 id="integrations-heading" className="text-sm font-semibold">
          Integrations
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Connect the accounts you talk to people through. Kith keeps their keys encrypted and never shows them again.
        </p>
      </div>
      {data.connected ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          Connected. The first sync has started.
        </p>
      ) : null}
      {data.syncArrivals ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Sync started. {data.syncArrivals} on your contacts’ timelines in a moment.
        </p>
      ) : null}
      {data.error ? (
        <p role="alert" className="text-sm text-red-600">
          {data.error}
        </p>
      ) : null}
      <div className="space-y-4">
        <EmailCard connection={connection('gmail')} configured={data.configured.gmail} busy={busy} />
        <XCard connection={connection('x')} configured={data.configured.x} busy={busy} />
        <TelegramCard
          connection={connection('telegram')}
          configured={data.configured.telegram}
          step={data.telegram.step}
          tagSecondTier={data.telegram.tagSecondTier}
          busy={busy}
        />
        <LinkedinCard queued={data.linkedinQueued} />
      </div>
    </section>
  );
}
