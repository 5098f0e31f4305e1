#!/usr/bin/env node
// The Worker bundle every journey server runs, made ahead of them: `npm test` runs this after the
// build, beside the bundle checks, so the first servers start at once (e2e/support/worker-bundle.ts).
import { prepareWorkerBundle } from './support/worker-bundle.ts';

prepareWorkerBundle();
