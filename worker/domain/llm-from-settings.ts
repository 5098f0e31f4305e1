import type { Env, Settings } from '../env';
import { createLlmClient, type LlmClient } from '../providers/llm/llm-client';
import { createWorkersAiClient, isWorkersAiBinding } from '../providers/llm/workers-ai-client';
import { featureOffReason, notConfigured } from './settings/not-configured';

type LlmDeps = { settings: Settings; env: Pick<Env, 'AI'> };

const AI_HELP = 'AI help';
// What an operator sets to turn AI help on: a key, or (on Cloudflare) the AI binding (README).
const AI_SETTINGS = ['LLM_API_KEY (or deploy with the AI binding)'];

/**
 * The language model: the OpenAI-compatible provider when LLM_API_KEY is set, else Workers AI
 * through the `AI` binding (production on Cloudflare, docs/decisions/019); neither, AI help is off.
 */
export function llmFromSettings({ settings, env }: LlmDeps, doFetch: typeof fetch = fetch): LlmClient {
  if (settings.LLM_API_KEY)
    return createLlmClient({
      baseUrl: settings.LLM_BASE_URL,
      apiKey: settings.LLM_API_KEY,
      model: settings.LLM_MODEL,
      fetch: doFetch,
      timeoutMs: settings.PROVIDER_TIMEOUT_MS,
    });
  if (isWorkersAiBinding(env.AI))
    return createWorkersAiClient({ ai: env.AI, model: settings.WORKERS_AI_MODEL, timeoutMs: settings.PROVIDER_TIMEOUT_MS });
  throw notConfigured(AI_HELP, AI_SETTINGS);
}

/** Null when a model is there to ask; else the plain sentence the AI buttons show. */
export function llmOffReason({ settings, env }: LlmDeps): string | null {
  if (settings.LLM_API_KEY || isWorkersAiBinding(env.AI)) return null;
  return featureOffReason({}, AI_HELP, AI_SETTINGS);
}
