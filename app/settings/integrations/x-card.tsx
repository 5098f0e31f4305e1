import { AtSign } from '../../components/icons';
import type { ChannelConnectionView } from '../../../worker/domain/channels/connections';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ChannelStatus } from './channel-status';
import { ConnectedChannel } from './connected-channel';

interface XCardProps {
  connection: ChannelConnectionView;
  configured: boolean;
  busy: boolean;
}

const CONNECT_URL = '/settings/x/connect';

/** The X (Twitter) channel: connect through X's consent screen, last sync, sync now, disconnect. */
export function XCard({ connection, configured, busy }: XCardProps) {
  const { status } = connection;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <AtSign className="h-4 w-4 text-slate-400" aria-hidden />X (Twitter) · direct messages
        </span>
      }
      actions={<ChannelStatus status={status} />}
    >
      <div className="space-y-3 text-sm" data-testid="x-card">
        {!configured ? (
          <p className="text-slate-600 dark:text-slate-400">X isn&apos;t set up on this server yet. Ask whoever runs Kith to connect it.</p>
        ) : status === 'not_connected' ? (
          <>
            <p className="text-slate-600 dark:text-slate-400">
              Send direct messages from a contact’s page, and see the messages you exchange with contacts whose X handle you know on their
              timelines, with their bio changes. Kith only reads conversations with people who are already your contacts.
            </p>
            <a href={CONNECT_URL} className={buttonClass('primary')}>
              Connect X
            </a>
          </>
        ) : (
          <ConnectedChannel
            connection={connection}
            name="X"
            accountFallback="Your X account"
            action="/settings/integrations/x"
            reconnectHref={CONNECT_URL}
            disconnectDescription="Kith stops sending and syncing X direct messages and forgets its access. Messages already on timelines stay."
            busy={busy}
          />
        )}
      </div>
    </Card>
  );
}
