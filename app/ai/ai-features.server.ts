import { showsBioWand } from '../../worker/domain/bio/bio-sources';
import type { ContactView } from '../../worker/domain/contacts/contact-view';
import { featureOffReason } from '../../worker/domain/settings/not-configured';
import { DRAFT_CHANNEL_IDS, DRAFT_CHANNELS } from '../../worker/domain/drafts/channels';
import type { Env, Settings } from '../../worker/env';
import { llmOffReason } from '../../worker/domain/llm-from-settings';

/** What the contact page needs to show the enrichment and AI controls (see app/ai/components). */
export function aiFeaturesOf(settings: Settings, contact: ContactView, env: Pick<Env, 'AI'> = {}) {
  const llmReason = llmOffReason({ settings, env });
  return {
    enrichment: {
      disabledReason: featureOffReason(settings, 'Enrich with Apollo', ['ENRICHMENT_API_KEY']),
    },
    wand: { visible: showsBioWand(contact), disabledReason: llmReason },
    drafts: {
      disabledReason: llmReason,
      channels: DRAFT_CHANNEL_IDS.map((id) => ({
        id,
        label: DRAFT_CHANNELS[id].label,
        noun: DRAFT_CHANNELS[id].noun,
        limit: DRAFT_CHANNELS[id].limit,
        subject: DRAFT_CHANNELS[id].subject,
      })),
    },
  };
}

export type AiFeatures = ReturnType<typeof aiFeaturesOf>;
