#!/usr/bin/env node
// The browser journeys' migrated D1 template, made ahead of them: `npm test` runs this beside
// the type check and the build, so the journeys start at once (e2e/support/d1-template.ts).
import { prepareD1Template } from './support/d1-template.ts';

prepareD1Template();
