import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../worker/db/schema';
import type { ChannelDriver } from '../../worker/domain/channels/channel-driver';
import { channelDrivers, composerDrivers, syncedDrivers } from '../../worker/domain/channels/drivers';
import { DRAFT_CHANNEL_IDS } from '../../worker/domain/drafts/channels';
import { as, call, json, signUp } from '../support/client';

const drivers: ChannelDriver[] = Object.values(channelDrivers);

describe('the channel drivers', () => {
  it('every channel Settings → Integrations lists has a driver, under its own name', () => {
    expect(Object.keys(channelDrivers).sort()).toEqual([...CHANNELS].sort());
    for (const channel of CHANNELS) expect(channelDrivers[channel].channel).toBe(channel);
  });

  it('every channel of the composer sends through one of them', () => {
    expect(Object.keys(composerDrivers).sort()).toEqual([...DRAFT_CHANNEL_IDS].sort());
    for (const driver of Object.values(composerDrivers)) expect(drivers).toContain(driver);
  });

  it('a channel with nothing to connect can always send; the others only once connected', () => {
    for (const driver of drivers) {
      expect(driver.status('connected')).toEqual({ canSend: true });
      if (driver.connect)
        expect(driver.status('not_connected')).toMatchObject({
          canSend: false,
          reason: expect.stringContaining('Settings → Integrations'),
        });
      else expect(driver.status('not_connected')).toEqual({ canSend: true });
    }
  });

  it('every synced channel has its own "Sync now" path, answered and documented by its driver', async () => {
    const me = await signUp();
    const doc = await json(await call('/api/v1/openapi.json'));
    for (const { channel, sync } of syncedDrivers) {
      const res = await as(me, `/api/v1/integrations/${channel}/sync`, { method: 'POST' });
      expect(res.status, channel).toBe(409);
      expect((await json(res)).error.code).toBe('channel_not_connected');
      const operation = doc.paths[`/api/v1/integrations/${channel}/sync`].post;
      expect(operation.summary).toBe(sync.summary);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['202', '409']));
    }
  });

  it('Settings says what a started sync brings in, in the words of the channel that started it', async () => {
    const me = await signUp();
    for (const { channel, sync } of syncedDrivers) {
      // React marks where one text node ends and the next begins.
      const page = (await (await as(me, `/settings?synced=${channel}`)).text()).replaceAll('<!-- -->', '');
      expect(page).toContain(`Sync started. ${sync.arrivals} on your contacts`);
    }
  });
});
