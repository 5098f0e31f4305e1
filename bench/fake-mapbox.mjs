// A stand-in for Mapbox Geocoding v6 forward during the bench, counting the calls made.
// It answers every query with a point derived from the query text, and serves a plain map
// style (/style.json) so /map loads mapbox-gl in the page-load figures.
import { createServer } from 'node:http';

const STYLE = {
  version: 8,
  name: 'Kith bench style',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dbe7f3' } }],
};

export async function startFakeMapbox() {
  const state = { calls: 0, queries: new Set() };
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/style.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(STYLE));
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    state.calls++;
    state.queries.add(q);
    let h = 0;
    for (const ch of q) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    const lng = (h % 36000) / 100 - 180;
    const lat = ((h >>> 8) % 16000) / 100 - 80;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: `fake.${h}`,
            geometry: { type: 'Point', coordinates: [lng, lat] },
            properties: { name: q, full_address: q, coordinates: { longitude: lng, latitude: lat } },
          },
        ],
        attribution: 'fake',
      }),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
