// The client as integrators run it: the package's compiled code, which `npm run bench:client`
// builds first. Its TypeScript sources would run through tsx, whose helpers add a little
// work to every call.
type Client = typeof import('../../../packages/sdk/src/client/index.ts');
type Signing = typeof import('../../../packages/sdk/src/signing/index.ts');

const built = (entry: string) => new URL(`../../../packages/sdk/dist/sdk/src/${entry}/index.js`, import.meta.url).href;

export async function loadBuiltSdk(): Promise<Pick<Client, 'createClient' | 'hmacSha256' | 'unwrap'> & Pick<Signing, 'formatTimestamp'>> {
  const { createClient, hmacSha256, unwrap } = (await import(built('client'))) as Client;
  const { formatTimestamp } = (await import(built('signing'))) as Signing;
  return { createClient, hmacSha256, unwrap, formatTimestamp };
}

type DriftReading = typeof import('../../../packages/sdk/src/client/drift/read-answer.ts');

/** The drift watch's reading of one answer, as built: what the watch adds to a call, timed alone. */
export async function loadBuiltDriftReading(): Promise<DriftReading['readDrift']> {
  const { readDrift } = (await import(new URL('../../../packages/sdk/dist/sdk/src/client/drift/read-answer.js', import.meta.url).href)) as DriftReading;
  return readDrift;
}
