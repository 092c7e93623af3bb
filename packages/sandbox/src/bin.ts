#!/usr/bin/env node
// `wallet-api-sandbox`: the package's bin (dist/sandbox/src/bin.js), the same command as
// `npm run sandbox` in this repository.
import { runSandboxCommand } from './command.ts';

await runSandboxCommand();
