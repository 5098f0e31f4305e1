import { fullNameOf } from '../contacts/normalize';

interface NamedWithBios {
  first_name: string | null;
  last_name: string | null;
  bios: { twitter: string | null; telegram: string | null; linkedin: string | null };
}

/** What the wand sends to the model: the bios and the current name fields (SPEC §1 step 2). */
export interface BioSources {
  first_name: string | null;
  last_name: string | null;
  bios: { twitter?: string; telegram?: string; linkedin?: string };
}

/** The contact's bios and names, or null when there is nothing to process (no wand, 422). */
export function bioSourcesOf(contact: NamedWithBios): BioSources | null {
  const bios: BioSources['bios'] = {};
  for (const key of ['twitter', 'telegram', 'linkedin'] as const) {
    const text = contact.bios[key]?.trim();
    if (text) bios[key] = text;
  }
  const hasName = Boolean(fullNameOf(contact.first_name, contact.last_name));
  if (!hasName && Object.keys(bios).length === 0) return null;
  return { first_name: contact.first_name?.trim() || null, last_name: contact.last_name?.trim() || null, bios };
}

/** SPEC §1 step 1: the wand is shown only when the contact has a bio or a name to process. */
export function showsBioWand(contact: NamedWithBios): boolean {
  return bioSourcesOf(contact) !== null;
}
