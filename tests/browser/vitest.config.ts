// `npm run test:browser`: the built docs in Debian's chromium. Kept out of `npm test`
// because a fresh developer machine may not have chromium installed.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['tests/browser/**/*.browser.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
