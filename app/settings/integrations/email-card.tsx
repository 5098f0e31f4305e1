import { Mail } from '../../components/icons';
import type { ChannelConnectionView } from '../../../worker/domain/channels/connections';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ChannelStatus } from './channel-status';
import { ConnectedChannel } from './connected-channel';

interface EmailCardProps {
  connection: ChannelConnectionView;
  configured: boolean;
  busy: boolean;
}

const CONNECT_URL = '/settings/google/connect?for=email';

/**
 * The Email channel (Gmail and Google Calendar): connect through Google's consent screen,
 * see the account and last sync, sync now, disconnect.
 */
export function EmailCard({ connection, configured, busy }: EmailCardProps) {
  const { status } = connection;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <Mail className="h-4 w-4 text-slate-400" aria-hidden />
          Email · Gmail and Calendar
        </span>
      }
      actions={<ChannelStatus status={status} />}
    >
      <div className="space-y-3 text-sm" data-testid="email-card">
        {!configured ? (
          <p className="text-slate-600 dark:text-slate-400">
            Email through Gmail isn&apos;t set up on this server yet. Ask whoever runs Kith to connect Google.
          </p>
        ) : status === 'not_connected' ? (
          <>
            <p className="text-slate-600 dark:text-slate-400">
              Send emails from a contact’s page through your Gmail, and see the emails and Calendar meetings you have with your contacts on
              their timelines. Kith only reads mail with people who are already your contacts.
            </p>
            <a href={CONNECT_URL} className={buttonClass('primary')}>
              Connect Gmail
            </a>
          </>
        ) : (
          <ConnectedChannel
            connection={connection}
            name="Gmail"
            accountFallback="Your Google account"
            action="/settings/integrations/gmail"
            reconnectHref={CONNECT_URL}
            disconnectDescription="Kith stops sending and syncing email and meetings. Emails and meetings already on timelines stay. Google Contacts sync, if you use it, stays connected."
            busy={busy}
          />
        )}
      </div>
    </Card>
  );
}
