import { cloudflareDevProxyVitePlugin as remixCloudflareDevProxy, vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

export default defineConfig({
  plugins: [
    remixCloudflareDevProxy(),
    remix({
      appDirectory: 'app',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
  ],
  ssr: { resolve: { conditions: ['workerd', 'worker', 'browser'], externalConditions: ['workerd', 'worker'] } },
  resolve: { mainFields: ['browser', 'module', 'main'] },
  build: { minify: true },
});
