/**
 * A queue binding that only records what a job sent, so the test decides what runs next. It
 * keeps the real binding's one rule that matters here: a batch takes at most 100 messages.
 */
export function recordingQueue<T = unknown>() {
  const sent: T[] = [];
  const queue = {
    send: async (body: T) => void sent.push(body),
    sendBatch: async (batch: { body: T }[]) => {
      if (batch.length > 100) throw new Error('sendBatch takes at most 100 messages');
      sent.push(...batch.map((m) => m.body));
    },
  };
  return { sent, queue };
}
