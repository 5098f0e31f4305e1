import { useFetcher } from '@remix-run/react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';

/** What a passkey action answers: options to hand the browser, or the outcome (or a redirect). */
export interface PasskeyAnswer {
  options?: unknown;
  error?: string | null;
  message?: string;
}

/** The browser's refusals, in words: a cancelled prompt is the usual one. */
function deviceMessage(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError') return 'The passkey prompt was closed or timed out. Try again when you are ready.';
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'This browser cannot use passkeys for this site.';
  return 'The passkey could not be used. Try again, or use your password.';
}

/**
 * One passkey ceremony driven from a page: ask the page's action for options (`intents.options`),
 * hand them to the browser (create or get), send its answer back (`intents.finish`). The action
 * calls the domain; a sign-in answers with a redirect, which the fetcher follows.
 */
export function usePasskeyCeremony(action: string, kind: 'register' | 'authenticate', intents: { options: string; finish: string }) {
  const fetcher = useFetcher<PasskeyAnswer>();
  const [phase, setPhase] = useState<'idle' | 'options' | 'device' | 'finish'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<PasskeyAnswer | null>(null);
  const fields = useRef<Record<string, string>>({});
  const seen = useRef<unknown>(undefined);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    const data = fetcher.data;
    if (phase === 'options') {
      if (!data.options) {
        setError(data.error ?? 'Passkeys are not available right now.');
        setPhase('idle');
        return;
      }
      setPhase('device');
      const ask =
        kind === 'register'
          ? startRegistration({ optionsJSON: data.options as Parameters<typeof startRegistration>[0]['optionsJSON'] })
          : startAuthentication({ optionsJSON: data.options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      ask
        .then((response) => {
          setPhase('finish');
          fetcher.submit({ ...fields.current, intent: intents.finish, response: JSON.stringify(response) }, { method: 'post', action });
        })
        .catch((reason: unknown) => {
          setError(deviceMessage(reason));
          setPhase('idle');
        });
    } else if (phase === 'finish') {
      if (data.error) setError(data.error);
      else setOutcome(data);
      setPhase('idle');
    }
  }, [fetcher.state, fetcher.data, phase, kind, intents.finish, action, fetcher]);

  const start = (extra: Record<string, string> = {}) => {
    fields.current = extra;
    seen.current = fetcher.data;
    setError(null);
    setOutcome(null);
    setPhase('options');
    fetcher.submit({ ...extra, intent: intents.options }, { method: 'post', action });
  };
  return { start, busy: phase !== 'idle', error, outcome };
}
