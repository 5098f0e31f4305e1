import { registerFake } from './fake-providers.ts';
import { answerSlowly, scenarioStore } from './fake-scenarios.ts';

/**
 * Fake OpenAI-compatible chat completions (POST /openai/v1/chat/completions, Bearer key),
 * answering the real `chat.completion` shape with the result in choices[0].message.content.
 * A scenario (see fake-scenarios.ts) decides the content, or an HTTP error; otherwise a tiny
 * deterministic "model" answers the three prompts Kith sends (bio extraction, message draft, life events),
 * reading the JSON the user message carries.
 */
export const FAKE_LLM_KEY = 'test-llm-key';
const store = scenarioStore('/openai');

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name?: string } };
}

const SEPARATOR = /\s+(?:\||@|\/|·|–|—|-)\s+|\s*\|\s*/;

function extractBio(input: any) {
  const full = [input.first_name, input.last_name].filter(Boolean).join(' ');
  const [name = '', company = null] = full.split(SEPARATOR);
  const [first_name = null, ...rest] = name.trim().split(/\s+/).filter(Boolean);
  const bio = Object.values(input.bios ?? {})
    .filter(Boolean)
    .join(' ');
  const role = bio.match(/^([^,.|]+?) (?:at|@) ([^,.|]+)/i);
  return {
    first_name,
    last_name: rest.length ? rest.join(' ') : null,
    title: role?.[1]?.trim() ?? null,
    company: company?.trim() || role?.[2]?.trim() || null,
    company_website: null,
    company_industry: null,
    company_location: null,
  };
}

function draft(input: any) {
  const name = input.contact?.first_name || input.contact?.full_name || 'there';
  const company = input.contact?.company ? ` at ${input.contact.company}` : '';
  if (input.intro) {
    const target = input.intro.through ?? input.intro.target.full_name;
    return {
      subject: input.channel?.id === 'email' ? `An introduction to ${target}?` : null,
      body: `Hi ${name},\n\nWould you introduce me to ${target}? ${input.intro.path.at(-1).evidence[0] ?? ''}\n\nThanks`,
    };
  }
  return {
    // The request names its channel as an object ({ id, name, max_characters, needs_subject }); the
    // "?" tells this subject from the one Kith falls back to when the model writes none.
    subject: input.channel?.id === 'email' ? `Catching up, ${name}?` : null,
    body: `Hi ${name},\n\nIt has been a while. How are things${company}? I would love to catch up soon.\n\nBest`,
  };
}

// Sentences the tiny model recognizes as a contact's life event (tests/life-events/events-in-messages.test.ts).
const EVENT_SENTENCES: [RegExp, string, (m: RegExpMatchArray) => string][] = [
  [/\bI (?:just )?started a new job at ([^,.!]+?) as ([^,.!]+)/i, 'new_job', (m) => `New job at ${m[1]} as ${m[2]}`],
  [/\b(?:I|we) (?:just )?moved to ([^,.!]+)/i, 'moved', (m) => `Moved to ${m[1]}`],
  [/\b(?:I|we) got (?:married|engaged)\b/i, 'engaged_married', () => 'Got married'],
];

/** The life events stated by the contact's messages (never the user's), each quoting its sentence. */
function lifeEvents(input: any) {
  const events = [];
  for (const message of input.messages ?? []) {
    if (message.from === 'user') continue;
    for (const sentence of String(message.text).split(/(?<=[.!?])\s+/)) {
      for (const [pattern, kind, summary] of EVENT_SENTENCES) {
        const match = sentence.match(pattern);
        if (match) events.push({ message: message.id, kind, summary: summary(match), happened_on: null, quote: sentence.trim() });
      }
    }
  }
  return { events };
}

registerFake(async (req, body, res) => {
  if (!req.url?.startsWith('/openai/')) return false;
  if (store.handleControl(req, body, res)) return true;
  if (req.method !== 'POST' || !req.url.startsWith('/openai/v1/chat/completions')) return false;
  store.record(req, body);
  const error = (status: number, message: string, code: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { message, type: status === 429 ? 'requests' : 'invalid_request_error', param: null, code } }));
  };
  if (req.headers.authorization !== `Bearer ${FAKE_LLM_KEY}`) {
    error(401, 'Incorrect API key provided.', 'invalid_api_key');
    return true;
  }
  const request = JSON.parse(body) as ChatRequest;
  const scenario = store.find(body);
  if (
    scenario &&
    (await answerSlowly(
      res,
      scenario,
      200,
      JSON.stringify({
        id: 'chatcmpl-slow',
        object: 'chat.completion',
        created: 0,
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: '{}', refusal: null }, finish_reason: 'stop' }],
      }),
    ))
  )
    return true;
  if (res.destroyed) return true;
  let content: string | undefined;
  if (scenario?.status && scenario.status !== 200) {
    if (scenario.raw !== undefined) {
      res.writeHead(scenario.status, { 'content-type': 'text/html', ...scenario.headers }).end(scenario.raw);
    } else {
      error(scenario.status, 'The fake model says no.', scenario.status === 429 ? 'rate_limit_exceeded' : 'server_error', scenario.headers);
    }
    return true;
  } else if (scenario) {
    content = scenario.raw ?? JSON.stringify(scenario.json);
  } else {
    const input = JSON.parse(request.messages.at(-1)?.content ?? '{}');
    const kind = request.response_format?.json_schema?.name;
    content = JSON.stringify(kind === 'message_draft' ? draft(input) : kind === 'life_events' ? lifeEvents(input) : extractBio(input));
  }
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_${Date.now()}` });
  res.end(
    JSON.stringify({
      id: `chatcmpl-fake${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [
        { index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' },
      ],
      usage: {
        prompt_tokens: Math.ceil(body.length / 4),
        completion_tokens: Math.ceil((content?.length ?? 0) / 4),
        total_tokens: Math.ceil((body.length + (content?.length ?? 0)) / 4),
      },
      system_fingerprint: 'fp_fake',
    }),
  );
  return true;
});
