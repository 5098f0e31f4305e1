import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../worker/db/schema-channels';
import type { ChannelDriver } from '../../worker/domain/channels/channel-driver';
import { channelDrivers, composerDrivers } from '../../worker/domain/channels/drivers';
import { DRAFT_CHANNEL_IDS } from '../../worker/domain/drafts/channels';

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
      if (driver.connect) expect(driver.status('not_connected')).toMatchObject({ canSend: false, reason: expect.stringContaining('Settings → Integrations') });
      else expect(driver.status('not_connected')).toEqual({ canSend: true });
    }
  });
});
