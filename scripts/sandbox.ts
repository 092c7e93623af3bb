// Runs the sandbox on loopback until interrupted. Usage: npm run sandbox
// The settings and output are those of the package's `wallet-api-sandbox` bin
// (packages/sandbox/src/command.ts); see packages/sandbox/README.md.
import { runSandboxCommand } from '../packages/sandbox/src/command.ts';

await runSandboxCommand();
