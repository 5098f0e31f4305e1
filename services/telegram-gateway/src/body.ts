import { GatewayError } from './wire.ts';

// Reading a request body: a missing or malformed field is a 400 naming it, never a crash.

export type Body = Record<string, unknown>;

const bad = (message: string) => new GatewayError(400, 'BAD_REQUEST', message);

export function text(body: Body, field: string, max = 1_000): string {
  const value = body[field];
  if (typeof value !== 'string' || value.length === 0) throw bad(`${field} must be a non-empty string`);
  if (value.length > max) throw bad(`${field} is longer than ${max} characters`);
  return value;
}

export function whole(body: Body, field: string, { min, max }: { min: number; max: number }): number {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw bad(`${field} must be a whole number from ${min} to ${max}`);
  return value;
}

export function texts(body: Body, field: string, maxItems: number): string[] {
  const value = body[field];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw bad(`${field} must be a list of strings`);
  if (value.length > maxItems) throw bad(`${field} holds at most ${maxItems} entries`);
  return value as string[];
}
