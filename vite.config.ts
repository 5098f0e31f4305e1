import { cloudflareDevProxyVitePlugin as remixCloudflareDevProxy, vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import type { Env } from './worker/env';

// `npm run dev`: APP_URL (links in emails, OAuth redirects) is the dev server's own address
// unless .dev.vars sets one; never a request's Host header (docs/decisions/007).
let devServerOrigin: string | undefined;
const devServerAddress: Plugin = {
  name: 'kith-dev-server-address',
  configureServer(server) {
    server.httpServer?.once('listening', () => {
      devServerOrigin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
    });
  },
};

/**
 * The browser's code in a few files instead of thirty: a first visit fetched 29 scripts, six at
 * a time over one HTTP/1.1 host, and waited on the last of them before it could hydrate. The
 * libraries every page runs go in one file, and the app's shared pieces (components, layout,
 * routing, the contact badges) in another; each page's own code stays with its route, and the
 * map's libraries stay lazy, loaded by the map page alone. The contact page's cards
 * (app/contacts/components) are not the shell's: in it they made every first visit to /contacts
 * download and run the contact page's code too (the shell went 123 → 228 kB before minifying in
 * a day of new cards); Rollup puts each with the pages that use it.
 */
const SHARED_APP_CODE = /\/app\/(components|layout|routing|http|palette)\/|\/app\/[\w-]+\.tsx?$/;

/**
 * Libraries only a page or two use stay with those pages (Rollup places them): the map's, the QR
 * code (Settings' phone sync and two-factor) and the passkey ceremony (sign-in, Settings), which
 * rode in every page's first visit in the libraries file.
 */
const PAGE_LIBRARIES = /\/node_modules\/(mapbox-gl|supercluster|kdbush|uqr|@simplewebauthn\/browser)\//;

/** The layouts every signed-in page runs: what they import statically is on every page anyway. */
const EVERY_PAGE = /\/app\/(root|routes\/_app)\.tsx$/;

/**
 * Whether every page that loads `id` also loads a module under EVERY_PAGE statically, i.e. `id` is
 * part of every page. A first visit to /contacts fetched 21 scripts, 13 of them app modules of a
 * few hundred bytes each (the offline write queue, the install prompt, the local index's hook)
 * that Rollup split out because a route shared them with the layouts, and on this machine's local
 * server each wave of six fetches cost 50-100 ms before the page could hydrate (#49).
 */
function onEveryPage(id: string, getModuleInfo: Rollup.GetModuleInfo, seen = new Set<string>()): boolean {
  if (EVERY_PAGE.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (getModuleInfo(id)?.importers ?? []).some((importer) => onEveryPage(importer, getModuleInfo, seen));
}

/**
 * The contact list's and the contact page's own helpers (the score and priority badges, the
 * pending deletes, due dates, who can introduce them, the local index's hook): small, shared by
 * both pages, in the shell rather than in a file of their own each.
 */
const LIST_AND_CONTACT_HELPERS =
  /\/app\/contacts\/(components\/(score-badge|score-legend|tap-score-tooltip|explained-score-badge|priority-badge|intro-paths-card)\.tsx|pending-deletes\.ts)$|\/app\/keep-in-touch\/format-due\.ts$|\/app\/search-index\/use-local-index\.ts$|\/worker\/domain\/(keep-in-touch\/calendar-dates|contacts\/contact-values|text-rules)\.ts$/;

function clientChunk(id: string, { getModuleInfo }: { getModuleInfo: Rollup.GetModuleInfo }): string | undefined {
  if (id.includes('node_modules')) return PAGE_LIBRARIES.test(id) ? undefined : 'libraries';
  if (/\/app\/(entry\.client|root)\.tsx$|\/app\/routes\//.test(id)) return undefined;
  if (SHARED_APP_CODE.test(id) || LIST_AND_CONTACT_HELPERS.test(id)) return 'app-shell';
  if (/\/(app|worker)\/[^?]+\.tsx?$/.test(id) && onEveryPage(id, getModuleInfo)) return 'app-shell';
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    devServerAddress,
    remixCloudflareDevProxy({
      getLoadContext: ({ context }) => {
        const env = context.cloudflare.env as Env;
        if (!env.APP_URL && devServerOrigin) env.APP_URL = devServerOrigin;
        return { ...context, cloudflare: { ...context.cloudflare, env } };
      },
    }),
    remix({
      appDirectory: 'app',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        // Off: lazy discovery fetches /__manifest before a form is sent, and when that fetch
        // fails (offline, a dropped connection) Remix reloads the page and the user's input is
        // lost. The whole manifest of our few dozen routes costs a few kB once.
        v3_lazyRouteDiscovery: false,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
  ],
  ssr: { resolve: { conditions: ['workerd', 'worker', 'browser'], externalConditions: ['workerd', 'worker'] } },
  resolve: { mainFields: ['browser', 'module', 'main'] },
  // mapbox-gl (1.9 MB, loaded by the map page alone) is the one chunk over Vite's 500 kB warning.
  // KITH_SOURCEMAP=1: the client's source maps, for bench/profile-local.mjs to name what a CPU profile samples.
  build: {
    minify: true,
    sourcemap: process.env.KITH_SOURCEMAP === '1' && !isSsrBuild ? 'hidden' : false,
    chunkSizeWarningLimit: 2000,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: clientChunk } },
  },
}));
