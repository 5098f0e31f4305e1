import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Per-test steering shared by the Apollo and OpenAI fakes. A test registers a scenario
 * keyed by a string unique to it (an email, a contact name); the fake answers with it
 * whenever that string appears in a request. Every request is recorded, so a test can
 * check what was actually sent. Test files run in parallel, hence keys, not a global mode.
 */
export interface Scenario {
  when: string;
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON (Apollo: the `person`; OpenAI: the assistant message `content`). */
  json?: unknown;
  /** Sent verbatim instead, to imitate a broken answer. */
  raw?: string;
  /** Wait this long before answering at all (a provider that hangs). */
  hangMs?: number;
  /** Send the headers at once, then the body one byte every dripMs (a slow drip). */
  dripMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies a scenario's slowness: waits `hangMs`, or answers `status` with `body` dripping in
 * one byte every `dripMs` (returns true: the answer is being sent). Stops when the client hangs up.
 */
export async function answerSlowly(
  res: ServerResponse,
  scenario: Scenario,
  status: number,
  body: string,
  contentType = 'application/json',
): Promise<boolean> {
  if (scenario.hangMs) await sleep(scenario.hangMs);
  if (!scenario.dripMs) return false;
  res.writeHead(status, { 'content-type': contentType });
  for (const ch of body) {
    if (res.destroyed) return true;
    res.write(ch);
    await sleep(scenario.dripMs);
  }
  if (!res.destroyed) res.end();
  return true;
}

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function scenarioStore(prefix: string) {
  const scenarios: Scenario[] = [];
  const requests: RecordedRequest[] = [];
  return {
    record(req: IncomingMessage, body: string) {
      requests.push({ path: req.url ?? '', headers: req.headers, body });
    },
    find(body: string): Scenario | undefined {
      // Newest first, so a test can re-steer the same key.
      for (let i = scenarios.length - 1; i >= 0; i--) if (body.includes(scenarios[i]!.when)) return scenarios[i];
      return undefined;
    },
    /** Handles /<prefix>/__scenario (POST) and /<prefix>/__requests?contains= (GET). */
    handleControl(req: IncomingMessage, body: string, res: ServerResponse): boolean {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === `${prefix}/__scenario`) {
        scenarios.push(JSON.parse(body) as Scenario);
        res.writeHead(204).end();
        return true;
      }
      if (req.method === 'GET' && url.pathname === `${prefix}/__requests`) {
        const contains = url.searchParams.get('contains') ?? '';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(requests.filter((r) => r.body.includes(contains) || r.path.includes(contains))));
        return true;
      }
      return false;
    },
  };
}
