// The provider probe, the `--probe` step of `npm run preflight`. Usage:
//   tsx scripts/probe.ts --target sandbox|staging [--record FILE.har] [--interval-ms N]
// Sends a fixed list of at most 46 deliberately wrong requests, reads and previews only,
// 250 ms apart by default, and appends each exchange, labelled with what it probes, to
// FILE.har (default: probe-<target>-<UTC date-time>.har where npm was run). Production and
// the mock are refused (exit 2) before anything is sent. docs/learning-the-provider.md lists
// the requests.
import { redactingWriter } from '../packages/sdk/src/privacy/index.ts';
import { environmentSecrets } from '../tools/contract/targets.ts';
import { parseProbeArgs, runProbeCommand } from '../tools/probe/command.ts';
import { TargetRefused } from '../tools/contract/targets.ts';
import { ProbeRefused } from '../tools/probe/request.ts';

try {
  process.exitCode = await runProbeCommand(parseProbeArgs(process.argv.slice(2)), process.env, {
    // Through the privacy policy, with the environment's credentials: whatever a run read.
    out: redactingWriter((text) => process.stdout.write(text), environmentSecrets(process.env)),
    err: redactingWriter((text) => process.stderr.write(text), environmentSecrets(process.env)),
  });
} catch (error) {
  redactingWriter((text) => process.stderr.write(text), environmentSecrets(process.env))(`probe: ${(error as Error).message}\n`);
  process.exitCode = error instanceof TargetRefused || error instanceof ProbeRefused ? 2 : 1;
}
