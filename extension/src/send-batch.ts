import { dataOf, kithApi, type Conversation, type KithSettings } from './kith-client.ts';

/** POSTs conversations to Kith in batches of 20 (the endpoint takes up to 50, 1 MB). */
export async function sendConversations(
  settings: KithSettings,
  conversations: Conversation[],
  fetchFn: typeof fetch = fetch,
): Promise<{ logged: number }> {
  const api = kithApi(settings, fetchFn);
  let logged = 0;
  for (let i = 0; i < conversations.length; i += 20) {
    const { messages_logged } = await dataOf(
      api.extension.linkedin.conversations.$post({ json: { conversations: conversations.slice(i, i + 20) } }),
    );
    logged += messages_logged;
  }
  return { logged };
}
