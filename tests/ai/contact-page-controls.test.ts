import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { aiFeaturesOf } from '../../app/ai/ai-features.server';
import { getSettings, type Env } from '../../worker/env';
import { as, createContact, signUp } from '../support/client';

describe('the enrichment and AI controls of the contact page', () => {
  const contact = { first_name: 'Ann', last_name: null, bios: { twitter: null, telegram: null, linkedin: null } } as Parameters<
    typeof aiFeaturesOf
  >[1];

  it('disables "Enrich with Apollo" and the AI buttons with the reason when their keys are unset', () => {
    const settings = getSettings(env as unknown as Env);
    const configured = aiFeaturesOf(settings, contact);
    expect(configured.enrichment.disabledReason).toBeNull();
    expect(configured.wand).toEqual({ visible: true, disabledReason: null });
    expect(configured.drafts.channels.map((c) => [c.id, c.limit])).toEqual([
      ['email', 20_000],
      ['telegram', 4_096],
      ['twitter', 10_000],
      ['linkedin', 8_000],
    ]);

    const bare = aiFeaturesOf({ ...settings, ENRICHMENT_API_KEY: undefined, LLM_API_KEY: undefined }, contact);
    // Plain words for the user; the setting names go to the server log (README "Settings").
    expect(bare.enrichment.disabledReason).toBe("Enrich with Apollo isn't set up on this server yet. Ask whoever runs Kith to set it up.");
    expect(bare.wand.disabledReason).toBe("AI help isn't set up on this server yet. Ask whoever runs Kith to set it up.");
    expect(bare.drafts.disabledReason).toBe(bare.wand.disabledReason);
  });

  it('renders the kebab menu, the wand and the composer on the contact page', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ann', bios: { linkedin: 'Builder' } });
    const html = await (await as(me, `/contacts/${c.id}`)).text();
    expect(html).toContain('aria-label="More actions"');
    expect(html).toContain('aria-label="Extract details with AI"');
    expect(html).toContain('Draft with AI');
  });
});
