/**
 * A fake Workers AI binding (`env.AI`), faked at its boundary: `run(model, inputs, options)`
 * takes Workers AI's documented text-generation input (`messages`, `response_format:
 * { type: 'json_schema', json_schema }`) and answers its documented output, `{ response }`,
 * where JSON mode puts the parsed object (developers.cloudflare.com/workers-ai JSON Mode).
 * Each call is recorded; `answer` decides the output, or throws as the binding does
 * (an Error whose message carries Workers AI's error code, e.g. "3040: Capacity ...").
 */
export interface WorkersAiCall {
  model: string;
  inputs: {
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: unknown };
    temperature?: number;
  };
  signal?: AbortSignal;
}

export function fakeWorkersAi(answer: (call: WorkersAiCall) => unknown | Promise<unknown>) {
  const calls: WorkersAiCall[] = [];
  return {
    calls,
    async run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown> {
      const call = { model, inputs: inputs as WorkersAiCall['inputs'], signal: options?.signal };
      calls.push(call);
      return answer(call);
    },
  };
}

/** What the user message of a call carries (Kith sends its input as JSON text). */
export const inputOf = (call: WorkersAiCall) => JSON.parse(call.inputs.messages.at(-1)!.content);
