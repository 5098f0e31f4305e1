import { z } from 'zod';
import { introPaths } from '../domain/intros/intro-paths';
import { recordIdSchema } from '../domain/record-id';
import { defineTool } from './mcp-tool';

/** "Who can introduce me to X": the REST route's own walk (GET /contacts/{id}/intro-paths). */
export const introPathsTool = defineTool({
  name: 'intro_paths',
  title: 'Who can introduce me',
  description:
    'Who could introduce the user to a contact: the best paths through people the user knows (2 hops: you → introducer → them; 3: through one more person), found in explicit relationships, shared organizations and small shared groups, ranked by how warm the user’s own tie to the introducer is. Answers {target, paths: [{score, hops, introducer: {id, name, relationship_score, last_interaction_at}, steps: [{from, to, evidence: [{type, text}]}]}]}, best first, one path per introducer (5 by default, at most 20). Use draft_message with the introducer’s id to draft the ask; nothing is sent.',
  needs: 'contacts:read',
  input: {
    contact_id: recordIdSchema.describe("The contact's id, as search_contacts gives it"),
    limit: z.number().int().min(1).max(20).optional().describe('How many paths (default 5)'),
  },
  run: ({ deps }, input) => introPaths(deps.store, input.contact_id, input.limit ?? 5),
});
