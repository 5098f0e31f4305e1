import { Form } from '@remix-run/react';
import { Mail, RefreshCw } from 'lucide-react';
import type { ChannelConnectionView } from '../../../worker/domain/channels/connections';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmForm } from '../../components/ui/confirm-form';
import { ChannelStatus, LastSynced } from './channel-status';

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
            Email is not configured on this server (it needs <code>GOOGLE_CLIENT_ID</code>, <code>GOOGLE_CLIENT_SECRET</code> and <code>ENCRYPTION_KEY</code>).
          </p>
        ) : status === 'not_connected' ? (
          <>
            <p className="text-slate-600 dark:text-slate-400">
              Send emails from a contact’s page through your Gmail, and see the emails and Calendar meetings you have with your contacts on their
              timelines. Kith only reads mail with people who are already your contacts.
            </p>
            <a href={CONNECT_URL} className={buttonClass('primary')}>Connect Gmail</a>
          </>
        ) : (
          <>
            <p>
              {connection.account_label ? <span className="font-medium">{connection.account_label}</span> : 'Your Google account'}
              <span className="text-slate-500"> · <LastSynced iso={connection.last_synced_at} /></span>
            </p>
            {connection.last_error ? (
              <p role="alert" className="text-red-600 dark:text-red-400">{connection.last_error}</p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {status === 'error' ? <a href={CONNECT_URL} className={buttonClass('primary')}>Reconnect Gmail</a> : null}
              <Form method="post" action="/settings/integrations/gmail">
                <input type="hidden" name="intent" value="sync" />
                <Button type="submit" variant="secondary" disabled={busy || status !== 'connected'}>
                  <RefreshCw className="h-4 w-4" aria-hidden />
                  Sync now
                </Button>
              </Form>
              <ConfirmForm
                action="/settings/integrations/gmail"
                trigger={<Button variant="ghost">Disconnect</Button>}
                title="Disconnect Gmail?"
                description="Kith stops sending and syncing email and meetings. Emails and meetings already on timelines stay. Google Contacts sync, if you use it, stays connected."
                confirmLabel="Disconnect"
              >
                <input type="hidden" name="intent" value="disconnect" />
              </ConfirmForm>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
