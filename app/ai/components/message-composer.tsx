import { useRevalidator } from '@remix-run/react';
import { Copy, RefreshCw, Send, WandSparkles } from '../../components/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/text-field';
import { api, type ApiInput } from '../../api/client';
import { MESSAGE_LIMITS } from '../../../worker/domain/messages/message-limits';
import { useApiCall } from '../use-api-call';

const draftMessage = api.contacts[':id'].draft.$post;
const sendMessage = api.contacts[':id'].messages.$post;

interface Channel {
  id: ApiInput<typeof draftMessage>['json']['channel'];
  label: string;
  /** What one message is called in a sentence: "X direct message". */
  noun: string;
  limit: number;
  subject: boolean;
}

interface ComposerProps {
  contactId: string;
  channels: Channel[];
  /** Why AI drafting is off (null: on). */
  disabledReason: string | null;
  /** Per channel, why sending is not possible (null: it is). */
  sendBlockedBy?: Record<string, string | null>;
  /** A life event the message is about (Home's "Congratulate"): drafted at once, and every draft mentions it. */
  occasion?: { id: string; summary: string } | null;
  /** Someone this contact could introduce the user to ("Ask … for an intro"): drafted at once, asking for it. */
  intro?: { id: string; name: string } | null;
}

// LinkedIn messages are queued for the browser extension, which sends them in LinkedIn's UI.
const SENT_TOAST: Record<string, string> = {
  email: 'Email sent',
  telegram: 'Sent on Telegram',
  linkedin: 'Queued for LinkedIn: the Kith browser extension will send it from your LinkedIn tab.',
};
const SEND_LABEL: Record<string, string> = { linkedin: 'Queue for LinkedIn' };

/** The message tab of the contact page's composer: pick a channel, draft with AI, edit, regenerate, send. */
export function MessageComposer({ contactId, channels, disabledReason, sendBlockedBy = {}, occasion = null, intro = null }: ComposerProps) {
  const id = useId();
  const [channelId, setChannelId] = useState<string>(channels[0]?.id ?? 'email');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [drafted, setDrafted] = useState(false);
  const { run, busy, retryIn } = useApiCall('draft');
  const channel = channels.find((c) => c.id === channelId) ?? channels[0]!;
  const sender = useApiCall('send');
  const revalidator = useRevalidator();
  // One key per submission: a retry of the same text never sends twice; an edit is a new message.
  const submission = useRef('');
  useEffect(() => {
    submission.current = crypto.randomUUID();
  }, [channelId, subject, body]);
  const sendBlocked = sendBlockedBy[channel.id] ?? null;

  const handleSend = async () => {
    const json = { channel: channel.id, ...(channel.subject ? { subject } : {}), body, idempotency_key: submission.current };
    const sent = await sender.run(() => sendMessage({ param: { id: contactId }, json }));
    if (!sent) return;
    toast.success(SENT_TOAST[channel.id] ?? 'Message sent');
    setSubject('');
    setBody('');
    setDrafted(false);
    revalidator.revalidate();
  };

  const handleDraft = async () => {
    const json = { channel: channel.id, ...(occasion ? { event_id: occasion.id } : intro ? { intro_to: intro.id } : {}) };
    const draft = await run(() => draftMessage({ param: { id: contactId }, json }));
    if (!draft) return;
    setSubject(draft.subject ?? '');
    setBody(draft.body);
    setDrafted(true);
  };

  // Arriving to congratulate or to ask for an intro: the first draft is asked for at once.
  const askedFor = useRef<string | null>(null);
  const reason = occasion ? `event:${occasion.id}` : intro ? `intro:${intro.id}` : null;
  useEffect(() => {
    if (!reason || disabledReason || askedFor.current === reason) return;
    askedFor.current = reason;
    void handleDraft();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per occasion or introduction
  }, [reason, disabledReason]);

  const handleCopy = async () => {
    await navigator.clipboard.writeText(channel.subject && subject ? `Subject: ${subject}\n\n${body}` : body);
    toast.success('Copied to the clipboard');
  };

  const over = body.length > channel.limit;
  const draftLabel = busy ? 'Drafting…' : retryIn ? `Try again in ${retryIn}s` : drafted ? 'Regenerate' : 'Draft with AI';
  return (
    <div className="space-y-3">
      {occasion ? (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          About: <span className="font-medium">{occasion.summary}</span>
        </p>
      ) : intro ? (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          Asking for an introduction to <span className="font-medium">{intro.name}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-channel`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Channel
          </label>
          <select id={`${id}-channel`} value={channel.id} onChange={(e) => setChannelId(e.target.value)} className={`${inputClass} w-56`}>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          onClick={handleDraft}
          disabled={Boolean(disabledReason) || busy || retryIn > 0}
          title={disabledReason ?? undefined}
        >
          {drafted ? (
            <RefreshCw className={`h-4 w-4 ${busy ? 'animate-spin' : ''}`} aria-hidden />
          ) : (
            <WandSparkles className="h-4 w-4" aria-hidden />
          )}
          {draftLabel}
        </Button>
      </div>
      {disabledReason ? <p className="text-xs text-slate-500">{disabledReason}</p> : null}
      {channel.subject ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Subject
          </label>
          <input
            id={`${id}-subject`}
            className={inputClass}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            maxLength={MESSAGE_LIMITS.subject}
          />
        </div>
      ) : null}
      <div className="space-y-1">
        <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          Message
        </label>
        <textarea
          id={`${id}-body`}
          className={`${inputClass} min-h-40 font-[inherit]`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          placeholder={`Write your ${channel.noun} here, or let AI draft it from your history with this contact.`}
        />
        <div className="flex items-center justify-between text-xs">
          <span className={over ? 'text-red-600' : 'text-slate-500'}>
            {body.length.toLocaleString('en')} / {channel.limit.toLocaleString('en')} characters
          </span>
          <div className="flex items-center gap-2">
            <Button variant="ghost" onClick={handleCopy} disabled={!body.trim()}>
              <Copy className="h-4 w-4" aria-hidden />
              Copy
            </Button>
            <Button
              onClick={handleSend}
              disabled={Boolean(sendBlocked) || !body.trim() || over || sender.busy || sender.retryIn > 0}
              title={sendBlocked ?? undefined}
            >
              <Send className="h-4 w-4" aria-hidden />
              {sender.busy ? 'Sending…' : sender.retryIn ? `Send again in ${sender.retryIn}s` : (SEND_LABEL[channel.id] ?? 'Send')}
            </Button>
          </div>
        </div>
        {sendBlocked ? (
          <p className="text-right text-xs text-slate-500">
            {sendBlocked}{' '}
            <a href="/settings#integrations" className="font-medium text-brand-600 hover:underline">
              Open Integrations
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
