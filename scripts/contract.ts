// Contract tests with Dredd. Usage:
//   npm run contract -- [--target sandbox|mock|staging|production] [--confirm-production] [--record FILE.har] [--strict]
// Default target: sandbox, started and stopped here on a free port (its state in the
// PostgreSQL database SANDBOX_DATABASE_URL names, when set; in memory otherwise). Staging and production
// read their address and credentials from the environment (see README). --strict checks
// answers against the strict reading of the spec (tools/spec/strict-reading.ts).
import { redactingWriter } from '../packages/sdk/src/privacy/index.ts';
import { environmentSecrets } from '../tools/contract/targets.ts';
import { runContract } from '../tools/contract/run.ts';
import { parseContractArgs, TargetRefused } from '../tools/contract/targets.ts';

try {
  const options = parseContractArgs(process.argv.slice(2));
  process.exitCode = await runContract(options, process.env, {
    // Through the privacy policy, with the environment's credentials: whatever a run read.
    out: redactingWriter((text) => process.stdout.write(text), environmentSecrets(process.env)),
    err: redactingWriter((text) => process.stderr.write(text), environmentSecrets(process.env)),
    color: process.stdout.isTTY === true,
  });
} catch (error) {
  redactingWriter((text) => process.stderr.write(text), environmentSecrets(process.env))(`contract: ${(error as Error).message}\n`);
  process.exitCode = error instanceof TargetRefused ? 2 : 1;
}
