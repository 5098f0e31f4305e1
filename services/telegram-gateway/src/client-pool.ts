import { createHash } from 'node:crypto';
import { tl } from '@mtcute/core';
import type { ClientFactory, TelegramPort } from './telegram-port.ts';
import { toGatewayError } from './telegram-errors.ts';
import { GatewayError, type WireMessage, type WireUser } from './wire.ts';

/** A live MTProto client and what it has learnt: access hashes are needed to address peers. */
export interface LiveClient {
  port: TelegramPort;
  users: Map<number, tl.RawUser>;
  channels: Map<number, tl.RawChannel>;
  /** Answers of sends by Kith's idempotency key, so a retry gets the first answer back. */
  sent: Map<string, { message: WireMessage; peer: WireUser }>;
}

interface Entry {
  client: Promise<LiveClient>;
  lastUsed: number;
  inFlight: number;
  closed?: boolean;
}

export interface PoolOptions {
  /** Live clients kept at most; the least recently used one is closed beyond it. */
  max: number;
  /** A client unused this long is closed. */
  idleMs: number;
}

/** Sessions are keys to an account: the pool indexes them by hash and never keeps them in a log or on disk. */
export const sessionKey = (session: string) => createHash('sha256').update(session).digest('base64url');

export class ClientPool {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  private readonly factory: ClientFactory;
  private readonly options: PoolOptions;

  constructor(factory: ClientFactory, options: PoolOptions) {
    this.factory = factory;
    this.options = options;
    this.sweeper = setInterval(() => void this.closeIdle(), Math.max(1_000, Math.floor(options.idleMs / 2)));
    this.sweeper.unref();
  }

  get size() {
    return this.entries.size;
  }

  /** Runs `work` on the session's live client (a new unauthorized one for null) and answers the session as it stands after. */
  async use<T>(session: string | null, work: (client: LiveClient) => Promise<T>): Promise<{ result: T; session: string }> {
    let key = session === null ? null : sessionKey(session);
    let entry = key ? this.entries.get(key) : undefined;
    if (!entry) {
      entry = { client: this.open(session), lastUsed: Date.now(), inFlight: 0 };
      if (key) this.entries.set(key, entry);
    } else {
      this.entries.delete(key!); // re-inserted below: Map order is the LRU order
    }
    entry.inFlight++;
    try {
      const client = await entry.client;
      const result = await work(client);
      const current = await client.port.exportSession();
      const currentKey = sessionKey(current);
      if (key && key !== currentKey) this.entries.delete(key);
      key = currentKey;
      this.entries.set(key, entry);
      return { result, session: current };
    } catch (error) {
      const type = toGatewayError(error).type;
      if (key && (type === 'AUTH_KEY_UNREGISTERED' || type === 'SESSION_REVOKED')) this.drop(key, entry);
      throw error;
    } finally {
      entry.inFlight--;
      entry.lastUsed = Date.now();
      if (key && this.entries.get(key) === entry) {
        this.entries.delete(key);
        this.entries.set(key, entry);
      } else if (entry.inFlight === 0 && ![...this.entries.values()].includes(entry)) {
        await close(entry); // a fresh client whose first call failed: nobody can reach it again
      }
      await this.trim();
    }
  }

  async closeAll() {
    clearInterval(this.sweeper);
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((entry) => close(entry)));
  }

  private async open(session: string | null): Promise<LiveClient> {
    let port: TelegramPort;
    try {
      port = await this.factory(session);
    } catch (error) {
      if (error instanceof tl.RpcError) throw error;
      // importSession rejects a string it cannot read: for Kith that is a session to reconnect.
      throw new GatewayError(401, 'AUTH_KEY_UNREGISTERED', 'the session string is not readable');
    }
    return { port, users: new Map(), channels: new Map(), sent: new Map() };
  }

  private drop(key: string, entry: Entry) {
    if (this.entries.get(key) === entry) this.entries.delete(key);
    void close(entry);
  }

  private async trim() {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.options.max) break;
      if (entry.inFlight > 0) continue;
      this.entries.delete(key);
      await close(entry);
    }
  }

  private async closeIdle() {
    const before = Date.now() - this.options.idleMs;
    for (const [key, entry] of [...this.entries]) {
      if (entry.inFlight === 0 && entry.lastUsed < before) {
        this.entries.delete(key);
        await close(entry);
      }
    }
  }
}

async function close(entry: Entry) {
  if (entry.closed) return;
  entry.closed = true;
  try {
    await (await entry.client).port.close();
  } catch {
    // A client that never opened or already dropped its connection has nothing to close.
  }
}
