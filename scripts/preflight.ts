// The release engineer's check before switching an integration to production. Usage:
//   npm run preflight -- --target staging [--base <git ref>] [--record FILE.har] [--probe [--probe-interval-ms N]]
//   npm run preflight -- --target production --confirm-production
// Runs lint, the generated-file check, the breaking-change gate and the contract tests against the target,
// and with --probe the provider probe (at most 46 deliberately wrong reads and previews,
// 250 ms apart by default, recorded to --record or to probe-<target>-<UTC date-time>.har;
// refused for production and the mock, exit 2), prints a one-screen report and exits 1
// when any check failed. The probe: docs/learning-the-provider.md.
import { parsePreflightArgs, runPreflight } from '../src/preflight/run.ts';

try {
  process.exitCode = await runPreflight(parsePreflightArgs(process.argv.slice(2)), process.env, (text) => process.stdout.write(text));
} catch (error) {
  process.stderr.write(`preflight: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
