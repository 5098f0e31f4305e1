import { Form } from '@remix-run/react';
import { Send } from '../../components/icons';
import type { ChannelConnectionView } from '../../../worker/domain/channels/connections';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { ChannelStatus } from './channel-status';
import { ConnectedChannel } from './connected-channel';

interface TelegramCardProps {
  connection: ChannelConnectionView;
  configured: boolean;
  /** What a login in progress waits for. */
  step: 'code' | 'password' | null;
  tagSecondTier: boolean;
  busy: boolean;
}

const ACTION = '/settings/integrations/telegram';

function Step({ intent, children, submit, busy }: { intent: string; children: React.ReactNode; submit: string; busy: boolean }) {
  return (
    <Form method="post" action={ACTION} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <div className="min-w-56 flex-1">{children}</div>
      <Button type="submit" disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}

/**
 * The Telegram channel: log in with the phone number, the code Telegram sends and, for
 * accounts with two-step verification, the password; then status, last sync, the "2nd tier"
 * option, sync now and disconnect.
 */
export function TelegramCard({ connection, configured, step, tagSecondTier, busy }: TelegramCardProps) {
  const { status } = connection;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <Send className="h-4 w-4 text-slate-400" aria-hidden />
          Telegram
        </span>
      }
      actions={<ChannelStatus status={status} />}
    >
      <div className="space-y-3 text-sm" data-testid="telegram-card">
        {!configured ? (
          <p className="text-slate-600 dark:text-slate-400">
            Telegram isn&apos;t set up on this server yet. Ask whoever runs Kith to connect it.
          </p>
        ) : status === 'not_connected' ? (
          <>
            <p className="text-slate-600 dark:text-slate-400">
              Send Telegram messages from a contact’s page and see your chats on their timelines, with read receipts, bio changes and the
              groups you share.
            </p>
            <Step key="login" intent="login" submit="Send me a code" busy={busy}>
              <TextField
                label="Phone number"
                name="phone"
                type="tel"
                autoComplete="tel"
                placeholder="+44 7700 900123"
                required
                hint="With the country code. Telegram sends a login code to your Telegram app."
              />
            </Step>
          </>
        ) : status === 'pending' ? (
          <>
            <p>
              Logging in as <span className="font-medium">{connection.account_label}</span>.
            </p>
            {step === 'password' ? (
              <Step key="password" intent="password" submit="Log in" busy={busy}>
                <TextField
                  label="Two-step verification password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  hint="Your account has two-step verification: enter its password."
                />
              </Step>
            ) : (
              <Step key="code" intent="code" submit="Connect" busy={busy}>
                <TextField
                  label="Login code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  hint="The code Telegram just sent to your Telegram app."
                />
              </Step>
            )}
            <Form method="post" action={ACTION}>
              <input type="hidden" name="intent" value="disconnect" />
              <Button type="submit" variant="ghost">
                Cancel
              </Button>
            </Form>
          </>
        ) : (
          <ConnectedChannel
            connection={connection}
            name="Telegram"
            accountFallback="Your Telegram account"
            action={ACTION}
            disconnectDescription="Kith forgets its Telegram session and stops sending and syncing. Messages already on timelines stay. You can also end the session in Telegram → Settings → Devices."
            busy={busy}
          >
            <Form method="post" action={ACTION} className="flex items-start gap-2">
              <input type="hidden" name="intent" value="settings" />
              <input
                id="tag-second-tier"
                type="checkbox"
                name="tag_second_tier"
                defaultChecked={tagSecondTier}
                className="mt-0.5"
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              />
              <label htmlFor="tag-second-tier">
                Add members of my groups I never messaged as contacts tagged <span className="font-medium">2nd tier</span>
                <span className="block text-xs text-slate-500">
                  Someone you later message directly loses the tag. Settings → “Delete 2nd Tier contacts” removes them all.
                </span>
              </label>
              <noscript>
                <Button type="submit" variant="secondary">
                  Save
                </Button>
              </noscript>
            </Form>
          </ConnectedChannel>
        )}
      </div>
    </Card>
  );
}
