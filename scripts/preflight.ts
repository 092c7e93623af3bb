// The release engineer's check before switching an integration to production. Usage:
//   npm run preflight -- --target staging [--base <git ref>] [--record FILE.har]
//   npm run preflight -- --target production --confirm-production
// Runs lint, drift, the breaking-change gate and the contract tests against the target,
// prints a one-screen report and exits 1 when any check failed.
import { parsePreflightArgs, runPreflight } from '../src/preflight/run.ts';

try {
  process.exitCode = await runPreflight(parsePreflightArgs(process.argv.slice(2)), process.env, (text) => process.stdout.write(text));
} catch (error) {
  process.stderr.write(`preflight: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
