// JS shipped per page (gzip), and whether mapbox-gl leaks into the contact list's bundle.
import { gzipSync } from 'node:zlib';

async function pageScripts(baseUrl, path, headers) {
  const html = await (await fetch(`${baseUrl}${path}`, { headers })).text();
  const srcs = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  // Remix's manifest lists each route's imports; the inline script references the entry.
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) srcs.add(m[1]);
  let gzip = 0;
  let mapbox = false;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(`${baseUrl}${src}`)).arrayBuffer());
    gzip += gzipSync(body).length;
    if (/mapbox-gl|mapboxgl/i.test(src) || body.includes('mapbox-gl')) mapbox = true;
  }
  return { kb: Math.round(gzip / 102.4) / 10, mapbox, files: srcs.size };
}

export async function measurePageWeight(baseUrl, session) {
  const headers = { cookie: session.cookie };
  const contacts = await pageScripts(baseUrl, '/contacts', headers);
  const map = await pageScripts(baseUrl, '/map', headers);
  return [
    {
      name: 'JS shipped for /contacts (gzip)',
      unit: 'KB',
      median: contacts.kb,
      budget: 200,
      pass: contacts.kb < 200,
      note: `${contacts.files} files`,
    },
    {
      name: 'mapbox-gl absent from /contacts',
      unit: 'bool',
      median: contacts.mapbox ? 'present' : 'absent',
      budget: 'absent',
      pass: !contacts.mapbox,
    },
    {
      name: 'JS shipped for /map before lazy chunks (gzip)',
      unit: 'KB',
      median: map.kb,
      note: `${map.files} files; mapbox-gl loads lazily`,
    },
  ];
}
