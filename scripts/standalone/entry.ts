// The entry of the bundled sandbox (dist/standalone/wallet-api-sandbox.cjs): the same command
// as the package's `wallet-api-sandbox` bin, without a top-level await, which CommonJS (the
// format Node's single executable applications run) does not have.
import { runSandboxCommand } from '../../packages/sandbox/src/command.ts';

void runSandboxCommand();
