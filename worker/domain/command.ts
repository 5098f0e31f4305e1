import type { z } from 'zod';
import type { PublicUser } from './auth/users';
import type { Deps } from './deps';

/**
 * A write together with the rules of its input, written once. The API route declares `input`
 * as its body (its 400 comes from it), the page's form action parses its fields with the same
 * schema (app/http/command-form.server.ts), and both call `run`: a rule cannot drift between them.
 */
export interface Command<Input extends z.ZodType, Context, Result> {
  readonly input: Input;
  readonly run: (context: Context, input: z.output<Input>) => Promise<Result>;
}

/** Who a signed-in write is for: the user and their scoped dependencies. */
export interface SignedIn {
  deps: Deps;
  user: PublicUser;
}

export const command = <Input extends z.ZodType, Context, Result>(
  input: Input,
  run: (context: Context, input: z.output<Input>) => Promise<Result>,
): Command<Input, Context, Result> => ({
  input,
  run,
});

/** A signed-in write on one record, named by its id (the API's path, the page's route or form). */
export type OnRecord = SignedIn & { id: string };
