// `npx tsx scripts/bench/identical-calls.ts [--calls 200] [--runs 2]`: how many of N identical
// `listMarkets` calls in a row, from one TypeScript client, a sandbox with its replay guard on
// (SANDBOX_REJECT_REPLAYS=1, `rejectReplays`) answers. Two requests signed at the same
// millisecond carry the same x-timestamp and x-signature, and the guard refuses the second
// 401 `Replay refused`. Prints, per run, the calls answered and refused. Uses the client's
// public interface only, so it runs on any checkout to compare commits.
import { ApiError, createClient, hmacSha256 } from '../../packages/sdk/src/client/index.ts';
import { startSandbox } from '../../packages/sandbox/src/index.ts';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of at least 1`);
  return value;
};
const calls = argument('calls', 200);
const runs = argument('runs', 2);

const apiKey = 'bench-identical-calls-key';
const secret = 'bench-identical-calls-secret';
const sandbox = await startSandbox({ port: 0, apiKeys: { [apiKey]: secret }, logger: false, rejectReplays: true });
try {
  for (let run = 1; run <= runs; run++) {
    const client = createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signer: hmacSha256({ secret }) });
    let answered = 0;
    let refused = 0;
    let other = 0;
    for (let call = 0; call < calls; call++) {
      try {
        await client.listMarkets();
        answered++;
      } catch (error) {
        if (error instanceof ApiError && error.httpStatus === 401) refused++;
        else other++;
      }
    }
    process.stdout.write(`run ${run}: ${answered}/${calls} identical listMarkets answered, ${refused} refused 401 (replay)${other > 0 ? `, ${other} failed otherwise` : ''}\n`);
  }
} finally {
  await sandbox.close();
}
