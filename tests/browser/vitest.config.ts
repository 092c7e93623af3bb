// `npm run test:browser`: the built docs in Debian's chromium. Kept out of `npm test`
// because a fresh developer machine may not have chromium installed.
import { defineConfig } from 'vitest/config';
import { repoRoot } from '../../tools/support/repo.ts';

export default defineConfig({
  root: repoRoot,
  test: {
    include: ['tests/browser/**/*.browser.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
