import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { depsFromEnv } from '../../worker/domain/deps';
import { sendWeeklyDigest } from '../../worker/domain/keep-in-touch/weekly-digest';
import type { Env } from '../../worker/env';
import { outbox } from '../account/outbox';
import { as, createContact, signUp } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';
import { userDeps } from '../support/stores';

// Issue 47: "a daily summary of agent activity is in the weekly digest".

const settings = () => ({ ...depsFromEnv(env as unknown as Env).settings, APP_URL: 'https://kith.example' });

describe("the weekly digest's agents and tokens", () => {
  it('says what each agent and token did this week, and links the activity log', async () => {
    const me = await signUp('Ada Agents');
    await as(me, '/api/v1/settings/keep-in-touch', { method: 'PATCH', json: { weekly_digest: true } });
    const bo = await createContact(me, { first_name: 'Bo' });
    const claude = await mcpClient((await newToken(me, { name: 'Claude Desktop' })).token);
    await callTool(claude, 'search_contacts', { query: 'Bo' });
    await callTool(claude, 'add_note', { contact_id: bo.id, body: 'Likes chess' });
    await claude.close();
    // Limited to contacts tagged "work": Bo is outside it, so the read is refused (and recorded).
    const reader = await mcpClient((await newToken(me, { name: 'Reader', contact_tags: ['work'] })).token);
    await callTool(reader, 'get_contact', { contact_id: bo.id });
    await reader.close();
    const script = await newToken(me, { name: 'Nightly script' });
    const write = await as(me, `/api/v1/contacts/${bo.id}`, {
      method: 'PATCH',
      json: { title: 'Chess coach' },
      headers: { authorization: `Bearer ${script.token}` },
    });
    expect(write.status, await write.clone().text()).toBe(200);

    const mail = outbox();
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, settings(), me.user.id)).toBe('sent');
    const text = mail.sent[0]!.text;
    expect(text).toContain('Agents and tokens this week:\n- Claude Desktop: 2 calls on 1 day\n');
    expect(text).toContain('- Reader: 1 call on 1 day (1 refused)\n');
    expect(text).toContain('- Nightly script: 1 call on 1 day (1 write through the API)\n');
    expect(text).toContain('What each did: https://kith.example/settings/audit');
  });

  it('has no such section in a week no agent called', async () => {
    const me = await signUp('No Agents');
    await as(me, '/api/v1/settings/keep-in-touch', { method: 'PATCH', json: { weekly_digest: true } });
    const mail = outbox();
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, settings(), me.user.id)).toBe('sent');
    expect(mail.sent[0]!.text).not.toContain('Agents and tokens');
  });
});
