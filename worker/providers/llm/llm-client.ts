import OpenAI from 'openai';
import { ProviderError, retryAfterSeconds } from '../provider-error';

export interface LlmClientOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface JsonRequest {
  /** Name of the answer's JSON schema (OpenAI `response_format.json_schema.name`). */
  name: string;
  schema: Record<string, unknown>;
  system: string;
  /** The data the model works on; always sent as JSON text, never mixed into the instructions. */
  input: unknown;
  temperature?: number;
}

function failureOf(error: unknown): ProviderError {
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const status = error.status;
    if (status === 401 || status === 403) return new ProviderError('llm', 'unauthorized', `HTTP ${status}`);
    if (status === 429) return new ProviderError('llm', 'rate_limited', 'HTTP 429', retryAfterSeconds(error.headers?.get('retry-after')));
    return new ProviderError('llm', status >= 500 ? 'unavailable' : 'bad_response', `HTTP ${status}`);
  }
  return new ProviderError('llm', 'unavailable', error instanceof Error ? error.name : 'network error');
}

/**
 * Any OpenAI-compatible chat-completions endpoint, asked for structured JSON
 * (`response_format: json_schema`). It returns the parsed JSON value and nothing more:
 * checking that value is the caller's job, since a model may still answer off-schema.
 */
export function createLlmClient({ baseUrl, apiKey, model, fetch: doFetch = fetch, timeoutMs = 30_000 }: LlmClientOptions): LlmClient {
  const client = new OpenAI({ apiKey, baseURL: baseUrl, fetch: doFetch, timeout: timeoutMs, maxRetries: 0 });
  return {
    async completeJson(request: JsonRequest): Promise<unknown> {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create({
          model,
          temperature: request.temperature ?? 0.2,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: JSON.stringify(request.input) },
          ],
          response_format: { type: 'json_schema', json_schema: { name: request.name, strict: true, schema: request.schema } },
        });
      } catch (error) {
        throw failureOf(error);
      }
      const message = (completion as Partial<typeof completion>)?.choices?.[0]?.message;
      if (!message || typeof message !== 'object') throw new ProviderError('llm', 'bad_response', 'no choices');
      if (message.refusal) throw new ProviderError('llm', 'bad_response', 'the model refused');
      if (typeof message.content !== 'string') throw new ProviderError('llm', 'bad_response', 'no content');
      try {
        return JSON.parse(message.content);
      } catch {
        throw new ProviderError('llm', 'bad_response', 'content is not JSON');
      }
    },
  };
}

/** The provider seam the AI features use: an OpenAI-compatible endpoint or Workers AI. */
export interface LlmClient {
  completeJson(request: JsonRequest): Promise<unknown>;
}
