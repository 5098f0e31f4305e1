import { describe, expect, it } from 'vitest';
import { as, createContact, json, ORIGIN, signUp } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';

// Issue 47, ADR 051: an agent sends a message only with send_message, which a token has only
// when its tool list names it; "every tool" never includes it. A LinkedIn message needs no
// provider: it is queued for the browser extension, as the composer queues it.

const send = (contactId: string, body = 'Congrats on the new role!') => ({
  contact_id: contactId,
  channel: 'linkedin',
  body,
  idempotency_key: `send-${contactId}`,
});

async function ada(me: Awaited<ReturnType<typeof signUp>>, tags: string[] = []) {
  return createContact(me, { first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada-lovelace', tags });
}

describe('the send_message tool', () => {
  it('is neither listed nor callable for a token made without a tool list, and the refusal is logged', async () => {
    const me = await signUp();
    const contact = await ada(me);
    const client = await mcpClient((await newToken(me, { name: 'Claude' })).token);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('draft_message');
    expect(names).not.toContain('send_message');
    const refused = await callTool(client, 'send_message', send(contact.id));
    expect(refused.error.code).toBe('insufficient_scope');
    expect(refused.error.message).toContain("it is off unless the token's tool list names it");
    expect(refused.error.details.allowed_tools).not.toContain('send_message');
    await client.close();
    expect((await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data).toEqual([]);
    const log = (await json(await as(me, '/api/v1/audit-log?page_size=20'))).data.map((e: { summary: string }) => e.summary);
    expect(log).toContain('Claude (agent) used send_message: refused (insufficient_scope)');
  });

  it('sends when the token allows it: the message is on the timeline and the call in the activity log', async () => {
    const me = await signUp();
    const contact = await ada(me);
    const { token } = await newToken(me, { name: 'Claude', tools: ['search_contacts', 'draft_message', 'send_message'] });
    const client = await mcpClient(token);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search_contacts', 'draft_message', 'send_message']);
    const sent = await callTool(client, 'send_message', send(contact.id));
    expect(sent).toMatchObject({ kind: 'message', channel: 'linkedin', direction: 'out', status: 'queued', replayed: false });
    // The same key again is the same message, not a second one.
    expect(await callTool(client, 'send_message', send(contact.id))).toMatchObject({ id: sent.id, replayed: true });
    const tooLong = await callTool(client, 'send_message', { ...send(contact.id, 'x'.repeat(8_001)), idempotency_key: 'another-key' });
    expect(tooLong.error.code).toBe('invalid_request');
    await client.close();

    const timeline = (await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data;
    expect(timeline.map((i: { id: string; body: string }) => [i.id, i.body])).toEqual([[sent.id, 'Congrats on the new role!']]);
    const log = (await json(await as(me, '/api/v1/audit-log?page_size=20'))).data.map((e: { summary: string }) => e.summary);
    expect(log).toContain('Claude (agent) used send_message on Ada');
  });

  it('is refused to a read-only token that lists it, and to a contact a limited token cannot see', async () => {
    const me = await signUp();
    const hidden = await ada(me, ['family']);
    const readOnly = await mcpClient((await newToken(me, { scopes: ['contacts:read'], tools: ['send_message'] })).token);
    expect((await callTool(readOnly, 'send_message', send(hidden.id))).error).toMatchObject({
      code: 'insufficient_scope',
      details: { needed: 'contacts:write' },
    });
    await readOnly.close();
    const limited = await mcpClient((await newToken(me, { contact_tags: ['work'], tools: ['send_message'] })).token);
    expect((await callTool(limited, 'send_message', send(hidden.id))).error.code).toBe('not_found');
    await limited.close();
    expect((await json(await as(me, `/api/v1/contacts/${hidden.id}/timeline`))).data).toEqual([]);
  });

  it('is unticked on the token form; ticking it too gives the token every default tool and send_message', async () => {
    const me = await signUp();
    const form = (await (await as(me, '/settings')).text()).replaceAll('<!-- -->', '');
    const sendBox = form.match(/<input type="checkbox" name="tools"[^>]*value="send_message"[^>]*>/)?.[0];
    expect(sendBox).toBeDefined();
    expect(sendBox).not.toContain('checked');
    const ticked = [...form.matchAll(/<input type="checkbox" name="tools"[^>]*>/g)]
      .map(([box]) => box)
      .filter((box) => box.includes('checked=""'))
      .map((box) => box.match(/value="([a-z_]+)"/)![1]!);
    const create = async (name: string, tools: string[]) => {
      const fields = new URLSearchParams({ intent: 'create-token', name, access: 'write', tools_shown: '1' });
      for (const tool of tools) fields.append('tools', tool);
      const res = await as(me, '/settings', { method: 'POST', body: fields, headers: { host: new URL(ORIGIN).host } });
      expect(res.status).toBe(200);
    };
    await create('as it was', ticked);
    await create('with send', [...ticked, 'send_message']);
    const tokens = (await json(await as(me, '/api/v1/tokens'))).data as { name: string; tools: string[] | null }[];
    expect(tokens.find((t) => t.name === 'as it was')!.tools).toBeNull();
    expect(tokens.find((t) => t.name === 'with send')!.tools).toEqual([...ticked, 'send_message']);
  });
});
