// npm run dev: the spec, live. Serves the docs and the sandbox as `npm start` does (PORT,
// SANDBOX_API_KEYS and the other sandbox settings), watches openapi/, the operations' code
// samples and redocly.yaml, and rebuilds on every save (tools/dev/index.ts says what that
// means). Ctrl-C (or SIGTERM) stops the watcher, the servers and any tool still running.
import { startDev, watchedSources } from '../tools/dev/index.ts';
import { servingBanner } from '../packages/sandbox/src/banner.ts';
import { sandboxOptionsFromEnv } from '../packages/sandbox/src/config.ts';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';
import { closeOnSignal } from '../packages/sandbox/src/shutdown.ts';

try {
  parseFlags(process.argv.slice(2), {}, 'npm run dev');
} catch (error) {
  process.stderr.write(`dev: ${(error as Error).message}\n`);
  process.exit(2);
}

let dev: Awaited<ReturnType<typeof startDev>>;
let settings: ReturnType<typeof sandboxOptionsFromEnv>;
try {
  settings = sandboxOptionsFromEnv(process.env, process.stdout.isTTY === true);
  dev = await startDev({ sandbox: settings.options, out: process.stdout });
} catch (error) {
  // A port in use, a bad setting: one line, not a stack.
  process.stderr.write(`dev: ${(error as Error).message}\n`);
  process.exit(1);
}
const { options, usesDemoCredentials } = settings;
closeOnSignal(() => dev.close());
process.stdout.write(
  servingBanner({
    url: dev.url,
    usesDemoCredentials,
    apiKeyCount: Object.keys(options.apiKeys ?? {}).length,
    profile: dev.profile,
    notes: [`Watching ${watchedSources.join(', ')}: each save rebuilds the docs, the types and the sandbox's routes (its records are kept).`],
  }),
);
