// The release engineer's check before switching an integration to production. Usage:
//   npm run preflight -- --target staging [--base <git ref>] [--record FILE.har] [--probe [--probe-interval-ms N]]
//   npm run preflight -- --target production --confirm-production
// Runs lint, the generated-file check, the breaking-change gate and the contract tests against the target,
// and with --probe the provider probe (at most 46 deliberately wrong reads and previews,
// 250 ms apart by default, recorded to --record or to probe-<target>-<UTC date-time>.har;
// refused for production and the mock, exit 2), prints a one-screen report and exits 1
// when any check failed. The probe: docs/learning-the-provider.md.
import { redactingWriter } from '../packages/sdk/src/privacy/index.ts';
import { environmentSecrets } from '../tools/contract/targets.ts';
import { parsePreflightArgs, runPreflight } from '../tools/preflight/run.ts';

try {
  // Through the privacy policy, with the environment's credentials: whatever a check read.
  process.exitCode = await runPreflight(parsePreflightArgs(process.argv.slice(2)), process.env, redactingWriter((text) => process.stdout.write(text), environmentSecrets(process.env)));
} catch (error) {
  redactingWriter((text) => process.stderr.write(text), environmentSecrets(process.env))(`preflight: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
