import { describe, expect, it } from 'vitest';
import { call, json } from '../support/client';

// ADR 083: anyone registers an OAuth client, and its name is what the consent page asks the user
// to approve. It holds to the one-line rule of every name, with no marks that turn text around,
// and a refusal is 400 in OAuth's own error format (RFC 7591 §3.2.2), naming the field.
const register = (body: Record<string, unknown>) =>
  call('/oauth/register', { method: 'POST', json: { redirect_uris: ['https://client.example/callback'], ...body } });

const REFUSED_NAMES: Record<string, string> = {
  'a line break': 'Claude\nApproved by Kith',
  'a carriage return': 'Claude\r\nKith',
  'a tab': 'Claude\tCode',
  'a NUL': 'Claude\u0000',
  'a C1 control character': 'Claude\u0085Code',
  'a line separator': 'Claude\u2028Code',
  'a right-to-left override': 'Kith \u202Eedoc edualC',
  'a right-to-left isolate': 'Claude \u2067Kith\u2069',
  'a right-to-left mark': 'Claude\u200F',
  'an Arabic letter mark': 'Claude\u061C',
  'more than 100 characters': 'C'.repeat(101),
};

describe("an OAuth client's name and redirect URIs at registration", () => {
  for (const [what, name] of Object.entries(REFUSED_NAMES))
    it(`refuses a name with ${what}`, async () => {
      const res = await register({ client_name: name });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await json(res);
      expect(body).toEqual({ error: 'invalid_client_metadata', error_description: expect.stringMatching(/^client_name: must /) });
    });

  it('takes names in any script, trimmed, as before', async () => {
    for (const [name, kept] of [
      ['Claude Code', 'Claude Code'],
      ['  Zoë’s notes  ', 'Zoë’s notes'],
      ['مساعد كِث', 'مساعد كِث'],
      ['עוזר', 'עוזר'],
      ['C'.repeat(100), 'C'.repeat(100)],
    ]) {
      const res = await register({ client_name: name });
      expect(res.status, name).toBe(201);
      expect((await json(res)).client_name).toBe(kept);
    }
  });

  it('refuses a redirect URI with a line break or a direction mark, which the URL parser would hide', async () => {
    for (const uri of ['https://client.example/call\nback', 'https://client.example/\u202Ekcabllac', 'https://client.example/cb\t']) {
      const res = await register({ client_name: 'Claude', redirect_uris: [uri] });
      expect(res.status, JSON.stringify(uri)).toBe(400);
      expect((await json(res)).error).toBe('invalid_redirect_uri');
    }
  });

  it('keeps and answers no display metadata it does not show (client_uri, logo_uri, policy_uri)', async () => {
    const res = await register({
      client_name: 'Claude',
      client_uri: 'https://evil.example/\u202Eclaude.ai',
      logo_uri: 'javascript:alert(1)',
      policy_uri: 'https://evil.example/\npolicy',
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    for (const field of ['client_uri', 'logo_uri', 'policy_uri']) expect(body).not.toHaveProperty(field);
  });
});
