import type { ServerResponse } from 'node:http';
import { registerFake } from './fake-providers.ts';

/**
 * Mapbox Geocoding API v6 (forward) under /mapbox, speaking its FeatureCollection format.
 * Steered by the query text: "fake:<scenario> <anything>" where scenario is one of
 *   empty | 400 | 401 | 403 | 429 | 429-no-retry-after | 500 | 500-then-200 | timeout
 *   | garbage (200 with an HTML body) | wrong-shape (200 JSON that is no FeatureCollection)
 *   | drip (200 whose body trickles in slower than any timeout)
 *   | outage (503 until POST /mapbox/__outage/lift?q=<text> lifts it for that text)
 * Any other text matches: known cities at their coordinates, else a point derived from
 * the text. GET /mapbox/__calls?q=<text> tells how many forward calls that text cost.
 */
const KNOWN: Record<string, [number, number]> = {
  berlin: [13.405, 52.52],
  'london, uk': [-0.1276, 51.5072],
  paris: [2.3522, 48.8566],
  'san francisco, ca': [-122.4194, 37.7749],
  tokyo: [139.6917, 35.6895],
};

// Places whose full address names more than the text asked for, as Mapbox's does.
const FULL_ADDRESSES: Record<string, string> = {
  shibuya: 'Shibuya, Tokyo, Japan',
  kreuzberg: 'Kreuzberg, Berlin, Germany',
};

const calls = new Map<string, number>();
const lifted = new Set<string>();

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function pointFor(text: string): [number, number] {
  const key = text.toLowerCase().trim();
  if (KNOWN[key]) return KNOWN[key];
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return [(hash % 36000) / 100 - 180, ((hash >>> 8) % 14000) / 100 - 70];
}

function featureCollection(text: string) {
  const [lng, lat] = pointFor(text);
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: `dXJuOm1ieHBsYzo${Buffer.from(text).toString('base64url').slice(0, 8)}`,
        geometry: { type: 'Point', coordinates: [lng, lat] },
        properties: {
          mapbox_id: `dXJuOm1ieHBsYzo${Buffer.from(text).toString('base64url').slice(0, 8)}`,
          feature_type: 'place',
          full_address: FULL_ADDRESSES[text.toLowerCase().trim()] ?? text,
          name: text.split(',')[0],
          coordinates: { longitude: lng, latitude: lat },
          context: {},
        },
      },
    ],
    attribution: 'NOTICE: © 2026 Mapbox and its suppliers. All rights reserved.',
  };
}

registerFake(async (req, _body, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (url.pathname === '/mapbox/__calls') {
    send(res, 200, { calls: calls.get(url.searchParams.get('q') ?? '') ?? 0 });
    return true;
  }
  if (url.pathname === '/mapbox/__outage/lift' && req.method === 'POST') {
    lifted.add(url.searchParams.get('q') ?? '');
    res.writeHead(204).end();
    return true;
  }
  if (url.pathname !== '/mapbox/search/geocode/v6/forward') return false;
  const q = url.searchParams.get('q') ?? '';
  const count = (calls.get(q) ?? 0) + 1;
  calls.set(q, count);
  if (!url.searchParams.get('access_token') || q.startsWith('fake:401')) {
    send(res, 401, { message: 'Not Authorized - Invalid Token' });
    return true;
  }
  const scenario = q.startsWith('fake:') ? q.slice(5).split(' ')[0] : null;
  switch (scenario) {
    case 'empty':
      send(res, 200, { type: 'FeatureCollection', features: [], attribution: 'NOTICE: © 2026 Mapbox' });
      return true;
    case '400':
      send(res, 400, { error_code: 'INVALID_QUERY', message: 'Query too long' });
      return true;
    case '403':
      send(res, 403, { message: 'Forbidden' });
      return true;
    case '429':
      send(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '7' });
      return true;
    case '429-no-retry-after':
      send(res, 429, { message: 'Too Many Requests' });
      return true;
    case '500':
      send(res, 500, { message: 'Internal Server Error' });
      return true;
    case '500-then-200':
      if (count === 1) send(res, 500, { message: 'Internal Server Error' });
      else send(res, 200, featureCollection(q));
      return true;
    case 'garbage':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
      return true;
    case 'wrong-shape':
      send(res, 200, { type: 'FeatureCollection', features: [{ geometry: { type: 'Point', coordinates: ['north', 'east'] } }] });
      return true;
    case 'drip': {
      // Headers at once, then one byte every 300 ms: only a whole-request timeout stops it.
      res.writeHead(200, { 'content-type': 'application/json' });
      const body = JSON.stringify(featureCollection(q));
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed || i >= body.length) {
          clearInterval(timer);
          if (!res.destroyed) res.end();
          return;
        }
        res.write(body[i++]);
      }, 300);
      res.on('close', () => clearInterval(timer));
      return true;
    }
    case 'outage':
      if (lifted.has(q)) send(res, 200, featureCollection(q));
      else send(res, 503, { message: 'Service Unavailable' });
      return true;
    case 'timeout':
      await new Promise((resolve) => setTimeout(resolve, 1500));
      if (!res.destroyed) send(res, 200, featureCollection(q));
      return true;
    default:
      send(res, 200, featureCollection(q));
      return true;
  }
});
