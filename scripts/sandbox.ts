// Runs the sandbox on loopback until interrupted. Usage: npm run sandbox
// The settings and output are those of the package's `wallet-api-sandbox` bin
// (src/sandbox/command.ts); see src/sandbox/README.md.
import { runSandboxCommand } from '../src/sandbox/command.ts';

await runSandboxCommand();
