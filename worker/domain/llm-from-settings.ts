import type { Settings } from '../env';
import { createLlmClient, type LlmClient } from '../providers/llm/llm-client';
import { AppError } from './errors';

/** The language model of the settings; without LLM_API_KEY the AI features are off. */
export function llmFromSettings(settings: Settings, doFetch: typeof fetch = fetch): LlmClient {
  if (!settings.LLM_API_KEY) throw new AppError('not_configured', 'AI features are not configured: set LLM_API_KEY (and LLM_BASE_URL, LLM_MODEL)');
  return createLlmClient({ baseUrl: settings.LLM_BASE_URL, apiKey: settings.LLM_API_KEY, model: settings.LLM_MODEL, fetch: doFetch });
}
