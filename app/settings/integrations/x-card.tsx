import { Form } from '@remix-run/react';
import { AtSign, RefreshCw } from 'lucide-react';
import type { ChannelConnectionView } from '../../../worker/domain/channels/connections';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmForm } from '../../components/ui/confirm-form';
import { ChannelStatus, LastSynced } from './channel-status';

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
          <AtSign className="h-4 w-4 text-slate-400" aria-hidden />
          X (Twitter) · direct messages
        </span>
      }
      actions={<ChannelStatus status={status} />}
    >
      <div className="space-y-3 text-sm" data-testid="x-card">
        {!configured ? (
          <p className="text-slate-600 dark:text-slate-400">
            X is not configured on this server (it needs <code>X_CLIENT_ID</code> and <code>ENCRYPTION_KEY</code>).
          </p>
        ) : status === 'not_connected' ? (
          <>
            <p className="text-slate-600 dark:text-slate-400">
              Send direct messages from a contact’s page, and see the messages you exchange with contacts whose X handle you know on their
              timelines, with their bio changes. Kith only reads conversations with people who are already your contacts.
            </p>
            <a href={CONNECT_URL} className={buttonClass('primary')}>Connect X</a>
          </>
        ) : (
          <>
            <p>
              {connection.account_label ? <span className="font-medium">{connection.account_label}</span> : 'Your X account'}
              <span className="text-slate-500"> · <LastSynced iso={connection.last_synced_at} /></span>
            </p>
            {connection.last_error ? (
              <p role="alert" className="text-red-600 dark:text-red-400">{connection.last_error}</p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {status === 'error' ? <a href={CONNECT_URL} className={buttonClass('primary')}>Reconnect X</a> : null}
              <Form method="post" action="/settings/integrations/x">
                <input type="hidden" name="intent" value="sync" />
                <Button type="submit" variant="secondary" disabled={busy || status !== 'connected'}>
                  <RefreshCw className="h-4 w-4" aria-hidden />
                  Sync now
                </Button>
              </Form>
              <ConfirmForm
                action="/settings/integrations/x"
                trigger={<Button variant="ghost">Disconnect</Button>}
                title="Disconnect X?"
                description="Kith stops sending and syncing X direct messages and forgets its access. Messages already on timelines stay."
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
