import { z } from 'zod';
import { tagSchema } from '../contacts/contact-input';
import { tagNorm } from '../contacts/normalize';
import { AppError } from '../errors';
import { AGENT_TOOLS } from './agent-tools';
import { contactLimitOf, isWithin, type ContactLimit } from './contact-limit';
import type { Caller } from './scopes';

/** At most this many tags per token: a read of 90 contacts binds them with its ids (D1: 100). */
export const CONTACT_LIMIT_TAGS = 5;

/** What a token may see and call beyond its scopes, as POST /tokens takes it. */
export const tokenLimitFields = {
  contact_tags: z
    .array(tagSchema)
    .min(1, 'names at least one tag (or leave it out for every contact)')
    .max(CONTACT_LIMIT_TAGS, `at most ${CONTACT_LIMIT_TAGS} tags`)
    .nullable()
    .optional()
    .describe('Only contacts with one of these tags (null or absent: every contact)'),
  hide_private: z.boolean().optional().describe('Never the contacts tagged "private"'),
  tools: z
    .array(z.enum(AGENT_TOOLS))
    .min(1, 'names at least one tool (or leave it out for every tool)')
    .max(AGENT_TOOLS.length)
    .refine((list) => new Set(list).size === list.length, 'names a tool twice')
    .nullable()
    .optional()
    .describe('The MCP tools it may call (null or absent: every tool its scopes allow except the opt-in send_message)'),
};

export interface TokenLimits {
  contactLimit: ContactLimit | null;
  tools: string[] | null;
}

/** The limits asked for, normalized, refused when wider than the minting token's own. */
export function tokenLimitsOf(
  asked: { contact_tags?: string[] | null; hide_private?: boolean; tools?: string[] | null },
  caller: Caller,
): TokenLimits {
  const tags = asked.contact_tags ? [...new Set(asked.contact_tags.map(tagNorm))] : null;
  const contactLimit = contactLimitOf({ contactTags: tags ? JSON.stringify(tags) : null, hidePrivate: asked.hide_private ?? false });
  const tools = asked.tools ?? null;
  const callerTools = caller.tools ?? null;
  if (!isWithin(contactLimit, caller.contactLimit ?? null) || (callerTools && (!tools || tools.some((t) => !callerTools.includes(t)))))
    throw new AppError('insufficient_scope', 'A limited access token can only make tokens at least as limited as itself', {
      limited_to: { contacts: caller.contactLimit ?? null, tools: callerTools },
    });
  return { contactLimit, tools };
}

/** The limits as the api_tokens row stores them (migration 0051). */
export const storedLimits = ({ contactLimit, tools }: TokenLimits) => ({
  contactTags: contactLimit?.tags ? JSON.stringify(contactLimit.tags) : null,
  hidePrivate: contactLimit?.hidePrivate ? 1 : 0,
  tools: tools ? tools.join(' ') : null,
});

/** The limits as the API shows them on a token. */
export function shownLimits(row: { contactTags: string | null; hidePrivate: number; tools: string | null }) {
  const limit = contactLimitOf(row);
  return { contact_tags: limit?.tags ?? null, hide_private: limit?.hidePrivate ?? false, tools: row.tools ? row.tools.split(' ') : null };
}
