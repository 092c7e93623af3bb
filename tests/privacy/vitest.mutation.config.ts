// The vitest configuration of the privacy policy's mutation testing (npm run mutation:privacy,
// stryker.privacy.config.json): the tests under tests/privacy/ that run packages/sdk/src/privacy in this
// process, with no database to start, and the property tests at fewer examples each
// (PRIVACY_PROPERTY_RUNS), since Stryker runs the tests that cover a mutant once per mutant.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.ts';

export default mergeConfig(
  { resolve: base.resolve },
  defineConfig({
    test: {
      include: ['tests/privacy/**/*.test.ts'],
      // writers.test.ts reads the project's sources for their writers and runs none of
      // packages/sdk/src/privacy; cost.test.ts runs the client in a child process, which no mutant reaches.
      // writers-property.test.ts drives every writer of the project (the learn report, its
      // proposal, the command line) over the same policy the other files test part by part:
      // run once per mutant it would take hours on two cores.
      exclude: ['tests/privacy/writers.test.ts', 'tests/privacy/cost.test.ts', 'tests/privacy/writers-property.test.ts'],
      // What runs in a child process (npm run learn) reaches no mutant Stryker switches on in
      // its test process, and fails in Stryker's sandbox: the mutation run leaves it out.
      testNamePattern: /^(?!.*npm run learn -- --redact)/,
      env: { PRIVACY_PROPERTY_RUNS: process.env.PRIVACY_PROPERTY_RUNS ?? '4' },
      testTimeout: 120_000,
      hookTimeout: 60_000,
    },
  }),
);
