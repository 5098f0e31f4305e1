import type { Conversation } from './conversation';

export interface KithSettings {
  kithUrl: string;
  token: string;
}

/** POSTs conversations to Kith in batches of 20 (the endpoint takes up to 50, 1 MB). */
export async function sendConversations(settings: KithSettings, conversations: Conversation[], fetchFn: typeof fetch = fetch): Promise<{ logged: number }> {
  let logged = 0;
  for (let i = 0; i < conversations.length; i += 20) {
    const res = await fetchFn(`${settings.kithUrl.replace(/\/+$/, '')}/api/v1/extension/linkedin/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` },
      body: JSON.stringify({ conversations: conversations.slice(i, i + 20) }),
    });
    const body = (await res.json().catch(() => null)) as { data?: { messages_logged: number }; error?: { message: string } } | null;
    if (!res.ok) throw new Error(body?.error?.message ?? `Kith answered ${res.status}`);
    logged += body?.data?.messages_logged ?? 0;
  }
  return { logged };
}
