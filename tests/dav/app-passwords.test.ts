import { describe, expect, it } from 'vitest';
import { as, json, ORIGIN, signUp } from '../support/client';

// Issue 42 slice 1: sync passwords (app passwords) for phones' CardDAV accounts, ADR 028.

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describe('sync passwords', () => {
  it('are created once with the server address and user name, listed without the secret, and revoked', async () => {
    const me = await signUp('Phone Owner');
    const res = await as(me, '/api/v1/app-passwords', { method: 'POST', json: { name: "Ada's iPhone" } });
    expect(res.status).toBe(201);
    const { data: created } = await json(res);
    expect(created).toMatchObject({ name: "Ada's iPhone", server: `${ORIGIN}/dav/`, username: me.user.email, last_used_at: null });
    expect(created.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
    expect(created.prefix).toBe(created.password.slice(0, 4));

    const listed = await json(await as(me, '/api/v1/app-passwords'));
    expect(listed.data).toEqual([
      { id: created.id, name: "Ada's iPhone", prefix: created.prefix, created_at: created.created_at, last_used_at: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.password);

    expect((await as(me, `/api/v1/app-passwords/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await json(await as(me, '/api/v1/app-passwords'))).data).toEqual([]);
    // The activity log says both, with the device's name.
    const log = (await json(await as(me, '/api/v1/audit-log'))).data as { action: string; summary: string }[];
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['security.app_password.created', 'security.app_password.revoked']));
    expect(log.map((e) => e.summary)).toContain("Revoked app password “Ada's iPhone”");
    const again = await as(me, `/api/v1/app-passwords/${created.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect((await json(again)).error.code).toBe('not_found');
  });

  it('need a device name, in the error envelope', async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/app-passwords', { method: 'POST', json: { name: '  ' } });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({
      code: 'invalid_request',
      details: { issues: [expect.objectContaining({ path: 'name' })] },
    });
  });

  it('are the only holders of the dav scope: a personal access token cannot be given it', async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'sneaky', scopes: ['dav'] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain('sync passwords');
  });

  it('end with every other way in on "log out everywhere", which says so', async () => {
    const me = await signUp();
    await as(me, '/api/v1/app-passwords', { method: 'POST', json: { name: 'iPhone' } });
    await as(me, '/api/v1/app-passwords', { method: 'POST', json: { name: 'Thunderbird' } });
    const res = await as(me, '/api/v1/auth/logout-everywhere?keep_current=true', { method: 'POST' });
    expect((await json(res)).data.ended).toMatchObject({ app_passwords: 2 });
    expect((await json(await as(me, '/api/v1/app-passwords'))).data).toEqual([]);
  });

  it('are made and listed on Settings → Sync with your phone, beside the server address and the email', async () => {
    const me = await signUp();
    const made = await as(me, '/settings', {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ intent: 'app-password-create', name: 'Pixel 9' }),
    });
    expect(made.status).toBe(200);
    const shown = await made.text();
    expect(shown).toContain('Sync password for “Pixel 9”');
    const password = /[a-z2-9]{4}(?:-[a-z2-9]{4}){4}/.exec(shown)![0];
    const page = await (await as(me, '/settings')).text();
    expect(page).toContain('Sync with your phone');
    expect(page).toContain(`${ORIGIN}/dav/`);
    expect(page).toContain(me.user.email);
    expect(page).toContain('Pixel 9');
    expect(page).not.toContain(password);
  });
});
