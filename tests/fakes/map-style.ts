import { registerFake } from './fake-providers.ts';

/**
 * A map style (Mapbox GL style spec, version 8) under /map-style/style.json with nothing but a
 * background: the map page renders without tiles, glyphs or sprites, so nothing leaves the
 * machine. The browser fetches it from another origin than the app's, so it says who may read it.
 */
export const MAP_STYLE = {
  version: 8,
  name: 'Kith test style',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dbe7f3' } }],
};

registerFake((req, _body, res) => {
  if (!req.url?.startsWith('/map-style/style.json')) return false;
  res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(MAP_STYLE));
  return true;
});
