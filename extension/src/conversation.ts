/** The body of POST /api/v1/extension/linkedin/conversations, one conversation of it. */
export interface Conversation {
  id: string;
  participant: { name: string; profile_url: string | null; headline: string | null; avatar_url: string | null };
  messages: { id: string; direction: 'in' | 'out'; sent_at: string; body: string }[];
}
