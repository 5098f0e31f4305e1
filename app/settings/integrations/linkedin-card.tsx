import { BriefcaseBusiness } from '../../components/icons';
import { Card } from '../../components/ui/card';

/**
 * LinkedIn has no API Kith may send through: the Kith browser extension sends the messages
 * the composer queued, from the user's own LinkedIn tab, and logs LinkedIn conversations.
 */
export function LinkedinCard({ queued }: { queued: number }) {
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <BriefcaseBusiness className="h-4 w-4 text-slate-400" aria-hidden />
          LinkedIn · browser extension
        </span>
      }
    >
      <div className="space-y-2 text-sm" data-testid="linkedin-card">
        <p className="text-slate-600 dark:text-slate-400">
          LinkedIn messages go through the Kith browser extension: choose LinkedIn in a contact’s composer and Kith queues the message; the
          extension, signed in with a personal access token (Settings → Personal access tokens), opens the contact’s profile in your
          LinkedIn tab, sends it, and reports back. The timeline shows each message as queued, then sent or failed. The extension also adds
          the people you message on LinkedIn to Kith.
        </p>
        <p data-testid="linkedin-queued">
          {queued === 0
            ? 'No messages waiting for the extension.'
            : `${queued} message${queued === 1 ? '' : 's'} waiting for the extension to send.`}
        </p>
      </div>
    </Card>
  );
}
