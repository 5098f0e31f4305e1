import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { depsFromEnv } from '../../worker/domain/deps';
import { sendWeeklyDigest } from '../../worker/domain/keep-in-touch/weekly-digest';
import type { Env } from '../../worker/env';
import { outbox } from '../account/outbox';
import { as, createContact, json, signUp } from '../support/client';
import { eventually } from '../support/eventually';
import { userDeps } from '../support/stores';

// The weekly digest gains Home's "What's new": this week's events, then the ones Kith found
// that wait for the user, each linked to its contact.

const settings = () => ({ ...depsFromEnv(env as unknown as Env).settings, APP_URL: 'https://kith.example' });

describe("the weekly digest's What's new", () => {
  it("lists this week's events and the proposals waiting, and says so in the subject when nothing is due", async () => {
    const me = await signUp('Nia News');
    await as(me, '/api/v1/settings/keep-in-touch', { method: 'PATCH', json: { weekly_digest: true } });
    const ada = await createContact(me, { first_name: 'Ada' });
    const bo = await createContact(me, { first_name: 'Bo' });
    const added = await as(me, `/api/v1/contacts/${ada.id}/events`, {
      method: 'POST',
      json: { kind: 'published', summary: 'Published "Notes on the Engine"' },
    });
    expect(added.status).toBe(201);
    await as(me, `/api/v1/contacts/${bo.id}/interactions`, {
      method: 'POST',
      json: { kind: 'message', direction: 'in', notes: 'Guess what: we moved to Lisbon! Come visit.' },
    });
    await eventually(
      async () => (await json(await as(me, '/api/v1/life-events/proposals'))).data,
      (list: unknown[]) => list.length === 1,
      'the proposal found in the message',
    );

    const mail = outbox();
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, settings(), me.user.id)).toBe('sent');
    const [message] = mail.sent;
    expect(message!.subject).toBe('Kith: what’s new with your people');
    expect(message!.text).toContain(
      [
        'What’s new:',
        `- Ada: Published "Notes on the Engine" https://kith.example/contacts/${ada.id}`,
        '',
        'Found by Kith, one waits for you to accept or dismiss (https://kith.example/home):',
        `- Bo: Moved to Lisbon (A message) https://kith.example/contacts/${bo.id}`,
      ].join('\n'),
    );
  });

  it('has no such section without news', async () => {
    const me = await signUp('Quiet Week');
    await as(me, '/api/v1/settings/keep-in-touch', { method: 'PATCH', json: { weekly_digest: true } });
    const mail = outbox();
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, settings(), me.user.id)).toBe('sent');
    expect(mail.sent[0]!.subject).toBe('Kith: nothing due this week');
    expect(mail.sent[0]!.text).not.toContain('What’s new');
  });
});
