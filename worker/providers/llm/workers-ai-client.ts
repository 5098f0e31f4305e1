import { ProviderError } from '../provider-error';
import { ProviderTimeoutError } from '../provider-fetch';
import type { JsonRequest, LlmClient } from './llm-client';

/**
 * The `AI` binding's one method Kith uses (Workers AI, wrangler.toml's production
 * environment): `run(model, { messages, response_format })`, answering `{ response }`.
 */
export interface WorkersAiBinding {
  run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown>;
}

export interface WorkersAiClientOptions {
  ai: WorkersAiBinding;
  model: string;
  timeoutMs?: number;
}

/** An object with a `run` function: what a Workers AI binding is, and nothing else here is. */
export function isWorkersAiBinding(value: unknown): value is WorkersAiBinding {
  return typeof value === 'object' && value !== null && typeof (value as { run?: unknown }).run === 'function';
}

// Workers AI's documented error codes (developers.cloudflare.com/workers-ai/platform/errors):
// 3036 the daily free allocation is spent, 3040 out of capacity (both HTTP 429); 3023, 5016,
// 5018 and 3041 refuse the account (403); 3007 and 3008 time out.
const RATE_LIMITED = /\b(3036|3040)\b/;
const REFUSED = /\b(3023|3041|5016|5018)\b/;
const NO_MODEL = /\b(3042|5007)\b/;

function failureOf(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (RATE_LIMITED.test(message)) return new ProviderError('llm', 'rate_limited', 'Workers AI: out of capacity or allocation');
  if (REFUSED.test(message)) return new ProviderError('llm', 'unauthorized', 'Workers AI refused the account');
  if (NO_MODEL.test(message)) return new ProviderError('llm', 'bad_response', 'Workers AI has no such model');
  return new ProviderError('llm', 'unavailable', error instanceof Error ? `Workers AI: ${error.name}` : 'Workers AI failed');
}

/** JSON mode's `response`: the parsed object, or (when the model fell back to text) its JSON text. */
function answerOf(output: unknown): unknown {
  const response = typeof output === 'object' && output !== null ? (output as { response?: unknown }).response : undefined;
  if (response === undefined || response === null) throw new ProviderError('llm', 'bad_response', 'no response');
  if (typeof response !== 'string') return response;
  try {
    return JSON.parse(response);
  } catch {
    throw new ProviderError('llm', 'bad_response', 'content is not JSON');
  }
}

/**
 * The same seam as the OpenAI-compatible client (`completeJson`), over Workers AI's binding
 * with JSON mode (`response_format: { type: 'json_schema', json_schema }`). Like that client it
 * returns the JSON value only; the caller checks it.
 */
export function createWorkersAiClient({ ai, model, timeoutMs = 30_000 }: WorkersAiClientOptions): LlmClient {
  return {
    async completeJson(request: JsonRequest): Promise<unknown> {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new ProviderTimeoutError('llm', timeoutMs));
        }, timeoutMs);
      });
      try {
        const output = await Promise.race([
          ai.run(
            model,
            {
              messages: [
                { role: 'system', content: request.system },
                { role: 'user', content: JSON.stringify(request.input) },
              ],
              response_format: { type: 'json_schema', json_schema: request.schema },
              temperature: request.temperature ?? 0.2,
            },
            { signal: controller.signal },
          ),
          timedOut,
        ]);
        return answerOf(output);
      } catch (error) {
        throw failureOf(error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
