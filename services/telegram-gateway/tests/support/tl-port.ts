import type { tl } from '@mtcute/core';
import type { LiveClient } from '../../src/client-pool.ts';
import type { TelegramPort } from '../../src/telegram-port.ts';

/** A live client whose mtcute boundary answers each raw request with `answer(request)`; requests are recorded. */
export function tlClient(answer: (request: tl.RpcMethod) => unknown): LiveClient & { requests: tl.RpcMethod[] } {
  const requests: tl.RpcMethod[] = [];
  const port: TelegramPort = {
    call: async (request) => {
      requests.push(request);
      return answer(request) as never;
    },
    sendCode: async () => 'hash',
    signIn: async () => {
      throw new Error('not scripted');
    },
    checkPassword: async () => {
      throw new Error('not scripted');
    },
    exportSession: async () => 'session',
    close: async () => {},
  };
  return { port, users: new Map(), channels: new Map(), sent: new Map(), requests };
}
