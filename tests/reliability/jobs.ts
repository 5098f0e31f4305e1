import { env } from 'cloudflare:workers';
import { depsFromEnv } from '../../worker/domain/deps';
import type { Env } from '../../worker/env';
import { mapboxEnv } from '../geocoding/support';
import { as, type Session } from '../support/client';
import { waitForImport } from '../support/imports';

/** An env whose queue only records what the job sent, so the test decides what runs next. */
export function capturingEnv() {
  const sent: unknown[] = [];
  const jobs = {
    send: async (body: unknown) => void sent.push(body),
    sendBatch: async (batch: { body: unknown }[]) => void sent.push(...batch.map((m) => m.body)),
  };
  return { sent, target: { ...mapboxEnv, JOBS: jobs } as unknown as Env };
}

/** Deps for staging work without the queue message that would start it in the background. */
export const quietDeps = () => ({ ...depsFromEnv(env as unknown as Env), jobs: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue<never> });

/** Settings → Connect Google → (fake) consent → callback; waits for the first sync it starts. */
export async function connectGoogle(me: Session, account: string): Promise<void> {
  const start = await as(me, '/settings/google/connect');
  const consent = new URL(start.headers.get('location')!);
  consent.searchParams.set('fake_account', account);
  const back = await fetch(consent.toString(), { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  const done = await as(me, callback.pathname + callback.search);
  const landing = new URL(done.headers.get('location')!, 'http://kith.test');
  const first = landing.searchParams.get('google_import');
  if (first) await waitForImport(me, first);
}
