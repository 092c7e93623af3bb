#!/usr/bin/env node
// `wallet-api`: the SDK package's command line (dist/sdk/src/cli/bin.js). See main.ts.
import { main } from './main.ts';

try {
  process.exitCode = await main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
  });
} catch (error) {
  // Only the error's name: a message from deep inside may quote the input.
  process.stderr.write(`wallet-api: unexpected failure (${error instanceof Error ? error.name : typeof error})\n`);
  process.exitCode = 3;
}
