// Timing helpers: run a request many times, read the Worker's Server-Timing header, summarise.
export function parseServerTiming(header) {
  const out = {};
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.find((p) => p.trim().startsWith('dur='));
    if (name && dur) out[name.trim()] = Number(dur.trim().slice(4));
  }
  return out;
}

export function summarise(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { median: round(at(0.5)), p95: round(at(0.95)), worst: round(sorted[sorted.length - 1]), n: sorted.length };
}

export const round = (x) => Math.round(x * 100) / 100;

/**
 * Requests `path` `runs` times (after `warmup`), returning Worker-internal time (Server-Timing
 * total), D1 time, and the HTTP round trip, each summarised.
 */
export async function measureRequest(baseUrl, path, { headers = {}, runs = 30, warmup = 3, init = {} } = {}) {
  const inside = [];
  const db = [];
  const roundTrip = [];
  for (let i = 0; i < warmup + runs; i++) {
    const start = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
    await res.arrayBuffer();
    const elapsed = performance.now() - start;
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    if (i < warmup) continue;
    const timing = parseServerTiming(res.headers.get('server-timing'));
    inside.push(timing.total ?? elapsed);
    db.push(timing.db ?? 0);
    roundTrip.push(elapsed);
  }
  return { inside: summarise(inside), db: summarise(db), roundTrip: summarise(roundTrip) };
}

/** Median/p95 of a synchronous function (engine-only figures measured in Node). */
export function measureSync(fn, runs = 15) {
  const times = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    fn();
    if (i >= 2) times.push(performance.now() - start);
  }
  return summarise(times);
}
