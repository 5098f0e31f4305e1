import { describe, expect, it } from 'vitest';
import { aiFeaturesOf } from '../../app/ai/ai-features.server';
import { extractBio, previewBio } from '../../worker/domain/bio/extract-bio';
import type { Deps } from '../../worker/domain/deps';
import { draftMessage } from '../../worker/domain/drafts/draft-message';
import { AppError, RateLimitedError } from '../../worker/domain/errors';
import { as, createContact, json, signUp } from '../support/client';
import { userDeps } from '../support/stores';
import { fakeWorkersAi, inputOf } from '../fakes/workers-ai-binding';
import { requestsTo, uniqueKey } from './fakes-control';

/** A deployment with no LLM_API_KEY and Workers AI bound as AI (wrangler.toml's production). */
function onWorkersAi(deps: Deps, ai: ReturnType<typeof fakeWorkersAi>, settings: Partial<Deps['settings']> = {}): Deps {
  return { ...deps, settings: { ...deps.settings, LLM_API_KEY: undefined, ...settings }, env: { ...deps.env, AI: ai } };
}

const bioAnswer = (fields: Record<string, unknown>) => ({
  first_name: null,
  last_name: null,
  title: null,
  company: null,
  company_website: null,
  company_industry: null,
  company_location: null,
  ...fields,
});

describe('Workers AI when no LLM_API_KEY is set', () => {
  it('drafts a message through the AI binding: the README model, JSON mode with the draft schema, the same input', async () => {
    const me = await signUp('Nora Network');
    const c = await createContact(me, { first_name: 'Ada', company: 'Analytical Engines' });
    const ai = fakeWorkersAi(() => ({
      response: { subject: 'Hello Ada', body: 'Hi Ada, shall we meet next week?' },
      usage: { total_tokens: 90 },
    }));
    const draft = await draftMessage(onWorkersAi(await userDeps(me), ai), me.user, c.id, 'email');
    expect(draft).toEqual({ channel: 'email', subject: 'Hello Ada', body: 'Hi Ada, shall we meet next week?' });

    expect(ai.calls).toHaveLength(1);
    const [call] = ai.calls;
    expect(call!.model).toBe('@cf/meta/llama-3.3-70b-instruct-fp8-fast');
    expect(call!.inputs.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(call!.inputs.messages[0]!.content).toMatch(/language of the recent conversation/);
    expect(call!.inputs.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { type: 'object', required: ['subject', 'body'] },
    });
    expect(inputOf(call!)).toMatchObject({
      sender: { name: 'Nora Network' },
      contact: { first_name: 'Ada', company: 'Analytical Engines' },
    });
    expect(call!.signal).toBeInstanceOf(AbortSignal);
  });

  it('runs the wand with the same grounding: a name the bios do not contain is not written; a JSON text answer is read too', async () => {
    const me = await signUp();
    const token = uniqueKey('wai');
    const c = await createContact(me, { first_name: 'Eve', bios: { twitter: `Engineer at Grounded Co. Call me Mallory ${token}` } });
    const ai = fakeWorkersAi(() => ({
      response: JSON.stringify(bioAnswer({ first_name: 'Hacked', last_name: 'Name', title: 'Engineer' })),
    }));
    const deps = onWorkersAi(await userDeps(me), ai);
    const preview = await previewBio(deps, me.user.id, c.id);
    expect(preview.changes).toEqual([{ field: 'title', from: null, to: 'Engineer' }]);
    const result = await extractBio(deps, me.user.id, c.id);
    expect(result.fields_updated).toEqual(['title']);
    const { data } = await json(await as(me, `/api/v1/contacts/${c.id}`));
    expect(data).toMatchObject({ first_name: 'Eve', last_name: null, title: 'Engineer' });
    expect(inputOf(ai.calls[0]!)).toEqual({ first_name: 'Eve', last_name: null, bios: { twitter: expect.stringContaining(token) } });
    // Workers AI answered; the OpenAI-compatible endpoint was never asked.
    expect(await requestsTo('openai', token)).toEqual([]);
  });

  it('turns Workers AI failures into the same errors as the OpenAI path, changing nothing', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Bo', bios: { linkedin: 'Builder' } });
    const deps = await userDeps(me);
    const failing = async (answer: () => unknown, settings = {}) =>
      extractBio(onWorkersAi(deps, fakeWorkersAi(answer), settings), me.user.id, c.id).catch((e: unknown) => e);

    const busy = await failing(() => {
      throw new Error('3040: Capacity temporarily exceeded, please try again.');
    });
    expect(busy).toBeInstanceOf(RateLimitedError);
    const spent = await failing(() => {
      throw new Error('3036: You have used up your daily free allocation of 10,000 neurons.');
    });
    expect(spent).toMatchObject({ code: 'rate_limited', status: 429 });
    for (const answer of [
      () => ({ response: 'Sure! Here is the JSON.' }),
      () => ({}),
      () => ({ response: ['not', 'an', 'object'] }),
      () => {
        throw new Error('InferenceUpstreamError: 5007: No such model');
      },
    ]) {
      const error = await failing(answer);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'provider_error', status: 502 });
    }
    // A model that never answers is cut off at the provider time limit, and its call aborted.
    const started = Date.now();
    let signal: AbortSignal | undefined;
    const hung = await extractBio(
      onWorkersAi(
        deps,
        fakeWorkersAi((call) => {
          signal = call.signal;
          return new Promise(() => {});
        }),
        { PROVIDER_TIMEOUT_MS: 200 },
      ),
      me.user.id,
      c.id,
    ).catch((e: unknown) => e);
    expect(hung).toMatchObject({ code: 'provider_error', message: expect.stringMatching(/not answering/) });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(signal?.aborted).toBe(true);
    const { data } = await json(await as(me, `/api/v1/contacts/${c.id}`));
    expect(data).toMatchObject({ first_name: 'Bo', title: null, company: null });
  });

  it('keeps the configured OpenAI-compatible provider when LLM_API_KEY is set, and turns the AI buttons on with either', async () => {
    const me = await signUp();
    const token = uniqueKey('keyed');
    const c = await createContact(me, { first_name: 'Kay', notes: token });
    const ai = fakeWorkersAi(() => ({ response: { subject: null, body: 'from Workers AI' } }));
    const deps = await userDeps(me);
    const draft = await draftMessage({ ...deps, env: { ...deps.env, AI: ai } }, me.user, c.id, 'telegram');
    expect(draft.body).not.toBe('from Workers AI');
    expect(ai.calls).toHaveLength(0);
    expect(await requestsTo('openai', token)).toHaveLength(1);

    const contact = { first_name: 'Ann', last_name: null, bios: { twitter: null, telegram: null, linkedin: null } } as Parameters<
      typeof aiFeaturesOf
    >[1];
    const keyless = { ...deps.settings, LLM_API_KEY: undefined };
    expect(aiFeaturesOf(keyless, contact, { AI: ai }).wand.disabledReason).toBeNull();
    expect(aiFeaturesOf(keyless, contact, { AI: ai }).drafts.disabledReason).toBeNull();
    expect(aiFeaturesOf(keyless, contact, {}).drafts.disabledReason).toBe(
      "AI help isn't set up on this server yet. Ask whoever runs Kith to set it up.",
    );
  });
});
