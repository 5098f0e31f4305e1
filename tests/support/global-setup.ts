import { readdirSync, readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import '../fakes/apollo';
import '../fakes/dns-over-https';
import { startFakeProviders } from '../fakes/fake-providers';
import '../fakes/openai';
import '../fakes/websites';
import '../fakes/google';
import '../fakes/gmail';
import '../fakes/google-calendar';
import '../fakes/telegram-gateway';
import '../fakes/mapbox';
import '../fakes/x';
import '../fakes/webhook-receiver';
import '../fakes/push-service';
import '../fakes/monica';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeProvidersUrl: string;
    /** tests/fixtures/vcard/*.vcf as base64: their exact bytes (a `?raw` import decodes them as UTF-8). */
    vcardFixtures: Record<string, string>;
  }
}

/** Starts the fake outside services (one local HTTP server, a path prefix per provider). */
export default async function setup(project: TestProject) {
  const server = await startFakeProviders();
  project.provide('fakeProvidersUrl', server.url);
  const dir = 'tests/fixtures/vcard';
  project.provide(
    'vcardFixtures',
    Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.vcf'))
        .map((f) => [f, readFileSync(`${dir}/${f}`).toString('base64')]),
    ),
  );
  return () => server.close();
}
