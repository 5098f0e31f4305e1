import { z } from 'zod';
import type { Command } from '../../worker/domain/command';
import { AppError } from '../../worker/domain/errors';
import { inputIssues } from '../../worker/domain/input-issues';
import { plainIssue } from './plain-issue';

/**
 * A refused form: its first problem in the page's words, with its field, and each refused field's
 * first problem (`errors`), for a form that shows them beside their fields (New contact).
 */
export type RefusedForm = { ok: false; field: string; error: string; errors: Record<string, string> };

export type CommandForm<T> = { ok: true; input: T } | RefusedForm;

/**
 * A page form's fields read by a command's own input schema (worker/domain/command.ts), the
 * one the API reads its body with. Only the fields the command takes are read: a form also
 * carries its `intent` and whatever a page adds, which pages have always ignored (the API's
 * body, strict, refuses them). The first problem comes back in the page's words, with its field.
 */
export function commandForm<I extends z.ZodType>(
  command: { input: I },
  fields: FormData | Record<string, unknown>,
  names: Record<string, string> = {},
): CommandForm<z.output<I>> {
  const all: Record<string, unknown> = fields instanceof FormData ? Object.fromEntries(fields) : fields;
  const known =
    command.input instanceof z.ZodObject ? Object.keys(command.input.shape) : Object.keys(all).filter((key) => key !== 'intent');
  return commandBody(command, Object.fromEntries(known.filter((key) => key in all).map((key) => [key, all[key]])), names);
}

/**
 * A command's input sent whole, as the API's JSON body (a field it does not take is refused, as
 * by the API): the contact page's `patch`. Problems come back as from commandForm.
 */
export function commandBody<I extends z.ZodType>(
  command: { input: I },
  body: unknown,
  names: Record<string, string> = {},
): CommandForm<z.output<I>> {
  const parsed = command.input.safeParse(body);
  if (parsed.success) return { ok: true, input: parsed.data };
  const issues = inputIssues(parsed.error);
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? '')] ??= plainIssue(issue, names);
  return { ok: false, field: String(issues[0]?.path[0] ?? ''), error: plainIssue(issues[0], names), errors };
}

/** A form's input for an action that answers a refusal by throwing: the first problem is its 400, naming the field. */
export function acceptedInput<T>(parsed: CommandForm<T>): T {
  if (parsed.ok) return parsed.input;
  throw new AppError('invalid_request', parsed.error, { field: parsed.field });
}

export type CommandFormResult<R> = { ok: true; result: R } | RefusedForm;

/** A command run from a page form: its result, or the form's first problem (nothing was written). */
export async function runCommandForm<I extends z.ZodType, Context, Result>(
  command: Command<I, Context, Result>,
  context: Context,
  fields: FormData | Record<string, unknown>,
  names: Record<string, string> = {},
): Promise<CommandFormResult<Result>> {
  const parsed = commandForm(command, fields, names);
  return parsed.ok ? { ok: true, result: await command.run(context, parsed.input) } : parsed;
}
