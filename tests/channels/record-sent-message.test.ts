import { describe, expect, it } from 'vitest';
import { applyBulkAction } from '../../worker/domain/bulk/bulk-actions';
import { recordSentMessage } from '../../worker/domain/timeline/record-sent-message';
import { quietDeps } from '../reliability/jobs';
import { createContact, signUp } from '../support/client';

// Every channel's send (Gmail, X, Telegram) ends here once the provider has accepted the message.
const sent = (contactId: string, externalId: string) => ({
  contact_id: contactId,
  kind: 'message',
  channel: 'telegram',
  direction: 'out' as const,
  body: 'See you Thursday',
  source: 'telegram',
  external_id: externalId,
  occurred_at: new Date(),
});

describe('logging a sent message', () => {
  it('answers the new timeline entry, or the one a sync logged first for the same message', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Recipient' });
    const first = await recordSentMessage(await quietDeps(me), me.user.id, sent(contact.id, '42:1'));
    expect(first).toMatchObject({ body: 'See you Thursday', direction: 'out' });
    const again = await recordSentMessage(await quietDeps(me), me.user.id, sent(contact.id, '42:1'));
    expect(again.id).toBe(first.id);
  });

  it('answers 404 when the contact was deleted while the message was on its way', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Gone' });
    await recordSentMessage(await quietDeps(me), me.user.id, sent(contact.id, '43:1'));
    await applyBulkAction(await quietDeps(me), me.user.id, [contact.id], { action: 'delete' });
    // Its earlier message is still in the table until the purge; it must not be answered.
    await expect(recordSentMessage(await quietDeps(me), me.user.id, sent(contact.id, '43:1'))).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
    await expect(recordSentMessage(await quietDeps(me), me.user.id, sent(contact.id, '43:2'))).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });
});
