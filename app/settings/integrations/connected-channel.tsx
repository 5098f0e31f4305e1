import { Form } from '@remix-run/react';
import { RefreshCw } from '../../components/icons';
import type { ReactNode } from 'react';
import type { ChannelConnectionView } from '../../../worker/domain/channels/connections';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmForm } from '../../components/ui/confirm-form';
import { LastSynced } from './channel-status';

interface ConnectedChannelProps {
  connection: ChannelConnectionView;
  /** The channel as the user names it: "Gmail", "X", "Telegram". */
  name: string;
  /** Shown when the connection has no account label: "Your Google account". */
  accountFallback: string;
  /** The Remix action of this channel's card (settings.integrations.$channel). */
  action: string;
  /** Where "Reconnect" goes when the connection is in error; none for channels reconnected in place. */
  reconnectHref?: string;
  /** What disconnecting stops and keeps, in the confirmation dialog. */
  disconnectDescription: string;
  busy: boolean;
  /** Channel options shown between the status and the actions. */
  children?: ReactNode;
}

/** The connected (or failing) state every channel card shares: account, last sync, error, reconnect, sync now, disconnect. */
export function ConnectedChannel({
  connection,
  name,
  accountFallback,
  action,
  reconnectHref,
  disconnectDescription,
  busy,
  children,
}: ConnectedChannelProps) {
  const { status } = connection;
  return (
    <>
      <p>
        {connection.account_label ? <span className="font-medium">{connection.account_label}</span> : accountFallback}
        <span className="text-slate-500">
          {' '}
          · <LastSynced iso={connection.last_synced_at} />
        </span>
      </p>
      {connection.last_error ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {connection.last_error}
        </p>
      ) : null}
      {children}
      <div className="flex flex-wrap gap-2">
        {status === 'error' && reconnectHref ? <a href={reconnectHref} className={buttonClass('primary')}>{`Reconnect ${name}`}</a> : null}
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="sync" />
          <Button type="submit" variant="secondary" disabled={busy || status !== 'connected'}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            Sync now
          </Button>
        </Form>
        <ConfirmForm
          action={action}
          trigger={<Button variant="ghost">Disconnect</Button>}
          title={`Disconnect ${name}?`}
          description={disconnectDescription}
          confirmLabel="Disconnect"
        >
          <input type="hidden" name="intent" value="disconnect" />
        </ConfirmForm>
      </div>
    </>
  );
}
