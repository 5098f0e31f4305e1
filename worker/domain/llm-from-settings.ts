import type { Settings } from '../env';
import { createLlmClient, type LlmClient } from '../providers/llm/llm-client';
import { notConfigured } from './settings/not-configured';

/** The language model of the settings; without LLM_API_KEY the AI features are off. */
export function llmFromSettings(settings: Settings, doFetch: typeof fetch = fetch): LlmClient {
  if (!settings.LLM_API_KEY) throw notConfigured('AI help', ['LLM_API_KEY']);
  return createLlmClient({
    baseUrl: settings.LLM_BASE_URL,
    apiKey: settings.LLM_API_KEY,
    model: settings.LLM_MODEL,
    fetch: doFetch,
    timeoutMs: settings.PROVIDER_TIMEOUT_MS,
  });
}
