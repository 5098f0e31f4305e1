import { defineConfig } from 'vitest/config';

// Plain Node: the gateway is a Node service, not a Worker. `npm test` runs this as its own step.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
