import { xJson, XNotFoundError, type XApi } from './x-api';

// The parts of the X API v2 that Kith uses, in X's own field names.

export interface XUser {
  id: string;
  name?: string;
  username: string;
  description?: string;
}

export interface XDmEvent {
  id: string;
  event_type: 'MessageCreate' | 'ParticipantsJoin' | 'ParticipantsLeave' | string;
  text?: string;
  created_at?: string;
  sender_id?: string;
  participant_ids?: string[];
  dm_conversation_id?: string;
}

export interface XDmEventPage {
  data?: XDmEvent[];
  includes?: { users?: XUser[] };
  meta?: { result_count?: number; next_token?: string; previous_token?: string };
}

const DM_QUERY = {
  'dm_event.fields': 'id,text,event_type,created_at,sender_id,participant_ids,dm_conversation_id',
  expansions: 'sender_id,participant_ids',
  'user.fields': 'username,description',
  max_results: '100',
};

export const getXMe = async (api: XApi) =>
  (await xJson<{ data: XUser }>(api, '/2/users/me', { query: { 'user.fields': 'username,description' } })).data;

/** A user by @username, or null when X has none (X answers 200 with an `errors` array). */
export async function getXUserByUsername(api: XApi, username: string): Promise<XUser | null> {
  try {
    const body = await xJson<{ data?: XUser }>(api, `/2/users/by/username/${encodeURIComponent(username)}`, {
      query: { 'user.fields': 'description' },
    });
    return body.data ?? null;
  } catch (error) {
    if (error instanceof XNotFoundError) return null;
    throw error;
  }
}

/** One page of the user's DM events (all conversations, newest first, the last 30 days). */
export const listXDmEvents = (api: XApi, paginationToken?: string) =>
  xJson<XDmEventPage>(api, '/2/dm_events', { query: { ...DM_QUERY, pagination_token: paginationToken } });

/** One page of the one-to-one conversation with `participantId`. */
export const listXConversationEvents = (api: XApi, participantId: string, paginationToken?: string) =>
  xJson<XDmEventPage>(api, `/2/dm_conversations/with/${encodeURIComponent(participantId)}/dm_events`, {
    query: { ...DM_QUERY, pagination_token: paginationToken },
  });

export const sendXDirectMessage = async (api: XApi, participantId: string, text: string) =>
  (
    await xJson<{ data: { dm_conversation_id: string; dm_event_id: string } }>(
      api,
      `/2/dm_conversations/with/${encodeURIComponent(participantId)}/messages`,
      { body: { text } },
    )
  ).data;
