import type { z } from 'zod';
import { command, type Command, type OnRecord } from '../command';
import { once } from './once';

/** A write that may carry an idempotency key: the API's Idempotency-Key header, the page form's `idempotency_key`. */
export interface Keyed {
  idempotencyKey?: string;
}

/**
 * `write` run once per idempotency key (once.ts). The key names `name` and the record, so the
 * page's form and the API share keys: a note queued offline and sent by the page lands once
 * however often either sends it.
 */
export const keyed = <I extends z.ZodType, C extends OnRecord, R>(name: string, write: Command<I, C, R>): Command<I, C & Keyed, R> =>
  command(write.input, (context: C & Keyed, input) =>
    once(context.deps.store, context.idempotencyKey, { operation: `${name} ${context.id}`, input }, () => write.run(context, input)),
  );
