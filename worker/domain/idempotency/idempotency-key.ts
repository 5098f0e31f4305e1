import { z } from 'zod';

/** An idempotency key as a client makes one (a UUID, a ULID…): visible ASCII, at most 255 characters. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'An Idempotency-Key is visible ASCII characters without spaces');
