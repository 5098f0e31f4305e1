import type { Env } from '../../worker/env';
import { mapboxEnv } from '../geocoding/support';
import type { Session } from '../support/client';
import { waitForImport } from '../support/imports';
import { connectThroughConsent } from '../support/oauth';
import { recordingQueue } from '../support/recording-queue';
import { userDeps } from '../support/stores';

/** An env whose queue only records what the job sent, so the test decides what runs next. */
export function capturingEnv() {
  const { sent, queue } = recordingQueue();
  return { sent, target: { ...mapboxEnv, JOBS: queue } as unknown as Env };
}

/** Deps for staging work without the queue message that would start it in the background. */
export const quietDeps = async (who: Session) => ({
  ...(await userDeps(who)),
  jobs: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue<never>,
});

/** Settings → Connect Google → (fake) consent → callback; waits for the first sync it starts. */
export async function connectGoogle(me: Session, account: string): Promise<void> {
  const { landing } = await connectThroughConsent(me, '/settings/google/connect', account);
  const first = landing.searchParams.get('google_import');
  if (first) await waitForImport(me, first);
}
