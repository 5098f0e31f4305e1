import { MemoryStorage } from '@mtcute/core';
import { TelegramClient } from '@mtcute/node';
import type { ClientFactory, TelegramPort } from './telegram-port.ts';

export interface MtcuteSettings {
  apiId: number;
  apiHash: string;
  /** Telegram's test data centres (test phone numbers 99966XYYYY). */
  testMode: boolean;
}

/**
 * mtcute clients on memory storage only: the session lives in Kith's database and arrives
 * with each call, so nothing is ever written to disk here. Updates are off: the sync is
 * pull-based (ADR 009), and an update loop per cached client would only cost traffic.
 */
export function mtcuteClientFactory(settings: MtcuteSettings): ClientFactory {
  return async (session) => {
    const client = new TelegramClient({
      apiId: settings.apiId,
      apiHash: settings.apiHash,
      storage: new MemoryStorage(),
      testMode: settings.testMode,
      disableUpdates: true,
      logLevel: 1,
    });
    if (session) await client.importSession(session);
    const port: TelegramPort = {
      call: (request) => client.call(request),
      async sendCode(phone) {
        const sent = await client.sendCode({ phone });
        if (!('phoneCodeHash' in sent)) throw new Error('this session is already signed in');
        return sent.phoneCodeHash;
      },
      signIn: async (q) => (await client.signIn(q)).raw,
      checkPassword: async (password) => (await client.checkPassword(password)).raw,
      exportSession: () => client.exportSession(),
      close: () => client.destroy(),
    };
    return port;
  };
}
