import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SuiteSequencer, { inBackground } from './tests/support/sequencer.ts';

// The examples import the package by its name, as integrators do; in the repo that name
// means the sources (tsconfig.json `paths` does the same for tsc and tsx).
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@wallet-api\/sdk$/, replacement: source('./packages/sdk/src/client/index.ts') },
      { find: /^@wallet-api\/sdk\/signing$/, replacement: source('./packages/sdk/src/signing/index.ts') },
      { find: /^@wallet-api\/sdk\/traffic$/, replacement: source('./packages/sdk/src/client/record-traffic.ts') },
      { find: /^@wallet-api\/sdk\/opentelemetry$/, replacement: source('./packages/sdk/src/opentelemetry/index.ts') },
      { find: /^@wallet-api\/sandbox$/, replacement: source('./packages/sandbox/src/index.ts') },
      { find: /^@wallet-api\/sandbox\/msw$/, replacement: source('./packages/sandbox/src/msw/index.ts') },
    ],
  },
  test: {
    // Every sandbox the suite starts, in process or as a command, checks its own answers
    // against the spec, so no test can pass on an answer outside it.
    env: {
      SANDBOX_VALIDATE_RESPONSES: '1',
      // Names this run, so the test files that install the packed packages share one packing
      // (tests/support/packed.ts).
      WALLET_API_TEST_RUN: `${Date.now()}-${process.pid}`,
    },
    // Two files at a time even on two cores (vitest's default there is one): most slow files
    // wait on child processes and sockets, so a second worker halves the suite's wall time.
    // And one worker more for each file run in the background: the end-to-end learning loop
    // runs a dozen of the project's commands per provider (preflight, contract runs,
    // regeneration, lint, the gate), most of a minute of CPU, at the lowest scheduling priority
    // (tests/support/project-copy.ts). It starts first and runs beside every other file, in the
    // CPU time they leave idle while they wait, and never takes it from the files that time
    // what they test (the client under injected faults times out hanging answers after 300 ms).
    maxWorkers: Math.max(2, availableParallelism() - 1) + inBackground.length,
    // Each worker keeps its loaded modules from one test file to the next instead of loading
    // the sources, Fastify, Ajv and the spec again for every file: for the many short files
    // that reloading was over a third of their CPU time, on two cores the suite's bottleneck.
    // No test file relies on a fresh module state; the few that change shared state (console
    // spies, fake clocks, environment variables, process listeners) put it back when done.
    isolate: false,
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One throwaway PostgreSQL cluster for the run, started by the first file that asks for a
    // database: the sandbox's PostgreSQL store runs the same behaviour suites as the in-memory one.
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    // The background files start first, then the files known to be long, also on a fresh clone,
    // with the files that mostly wait between them (tests/support/sequencer.ts).
    sequence: { sequencer: SuiteSequencer },
    // Each file's CPU time, for the closing list of the slowest files (tests/support/slowest-files.ts).
    setupFiles: ['tests/support/file-cpu.ts'],
    // The run ends with its ten slowest files, so that growth is seen in the run that made it;
    // CI also writes the results as JSON, from which .ci/run prints its closing count line.
    reporters: ['default', './tests/support/slowest-files.ts', ...(process.env.CI ? ['json'] : [])],
    ...(process.env.CI ? { outputFile: { json: '.tmp/vitest-results.json' } } : {}),
  },
});
