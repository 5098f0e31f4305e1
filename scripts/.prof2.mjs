import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { startServer } from '../bench/server.mjs';
const server = await startServer({ stateDir: '.wrangler/load', port: 8891, vars: { AUTH_RATE_LIMIT_PER_15_MIN: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', MAPBOX_API_URL: 'http://127.0.0.1:9/' } });
const url = server.url;
const cpu = () => {
  const out = {};
  for (const line of execSync('ps -eo pid,args').toString().split('\n')) {
    const m = /^\s*(\d+)\s+(\S+)/.exec(line);
    if (!m || !/workerd|wrangler-dist|esbuild/.test(line)) continue;
    const f = readFileSync(`/proc/${m[1]}/stat`, 'utf8').split(') ')[1].split(' ');
    const key = line.includes('workerd') ? (line.includes(':8891') ? 'proxy-workerd' : 'user-workerd') : line.includes('esbuild') ? 'esbuild' : 'wrangler';
    out[key] = (out[key] ?? 0) + (Number(f[11]) + Number(f[12])) * 10;
  }
  return out;
};
try {
  const login = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'load-1@load.kith.local', password: 'load test password' }) });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const tok = await (await fetch(`${url}/api/v1/tokens`, { method: 'POST', headers: { cookie, origin: url, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'prof' }) })).json();
  const token = tok.data.token;
  const paths = (process.env.PATHS ?? '/health,/me,/contacts?page=2&page_size=50&sort=name,/contacts?q=Mar,/contacts/map?bbox=-180,-85,180,85&limit=500,/contacts/map/clusters?bbox=-180,-85,180,85&zoom=3').split(',/').map((p, i) => (i ? '/' + p : p));
  for (const p of paths) {
    for (let i = 0; i < 30; i++) await (await fetch(`${url}/api/v1${p}`, { headers: { authorization: `Bearer ${token}` } })).text();
    const before = cpu();
    const N = 300;
    const s = performance.now();
    for (let i = 0; i < N; i++) await (await fetch(`${url}/api/v1${p}`, { headers: { authorization: `Bearer ${token}` } })).text();
    const el = performance.now() - s;
    const after = cpu();
    console.log(p.slice(0, 50).padEnd(50), 'rt', (el / N).toFixed(1), Object.keys(after).map((k) => `${k} ${((after[k] - (before[k] ?? 0)) / N).toFixed(2)}`).join('  '));
  }
} finally { server.stop(); }
