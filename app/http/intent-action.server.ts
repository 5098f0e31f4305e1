import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { requireUser } from '../auth/session.server';
import { readForm } from './read-form.server';

/** One form post of a signed-in page, read once: who sends it, the form and its `intent`. */
export interface IntentForm<I extends string = string> {
  intent: I;
  form: FormData;
  user: PublicUser;
  deps: Deps;
  params: ActionFunctionArgs['params'];
  request: Request;
}

/** A page action together with the intents it takes. */
export type IntentAction<R extends Response = Response> = ((args: ActionFunctionArgs) => Promise<R>) & {
  readonly intents: readonly string[];
};

/**
 * The action of a signed-in page whose forms post an `intent`. The list is the action's whole
 * contract: an intent outside it is refused (400) before any handler runs, and
 * tests/guard/page-action-matrix.test.ts reads it from the built server, so a new intent
 * cannot ship without an authorization case.
 */
export function intentAction<const I extends readonly string[], R extends Response>(
  intents: I,
  handle: (input: IntentForm<I[number]>) => Promise<R>,
): IntentAction<R> {
  const action = async ({ request, context, params }: ActionFunctionArgs): Promise<R> => {
    const { user, deps } = await requireUser(request, context);
    const form = await readForm(request);
    const intent = String(form.get('intent') ?? '');
    if (!intents.includes(intent)) {
      throw new Response(`This page has no "${intent.slice(0, 40)}" action, so nothing was saved. Reload the page and try again.`, {
        status: 400,
        statusText: 'Bad Request',
      });
    }
    return handle({ intent, form, user, deps, params, request });
  };
  return Object.assign(action, { intents });
}

/** The intents of a form schema that is a zod discriminated union on `intent`. */
export const intentsOf = (schema: { options: readonly { shape: { intent: { value: string } } }[] }): string[] =>
  schema.options.map((option) => option.shape.intent.value);
