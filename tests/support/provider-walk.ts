// The provider walk (packages/sandbox/src/walk/provider-walk.ts) sent over the tests' signed
// caller and kept as exchanges the traffic report reads: what a recorded staging run would hold.
import type { Exchange } from '../../tools/learn/findings.ts';
import { walkProvider as walk } from '../../packages/sandbox/src/walk/provider-walk.ts';
import { sendSigned, type Credentials } from './signed-http.ts';

export { timestampSkews } from '../../packages/sandbox/src/walk/provider-walk.ts';

/**
 * `rounds`: how many times each read is made, so that values a provider rotates through
 * (a provider profile's weighted values) all show at least once.
 */
export async function walkProvider(baseUrl: string, credentials: Credentials, file = 'walk', rounds = 1): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  await walk(async (request, probe) => {
    const response = await sendSigned(baseUrl, request, credentials);
    exchanges.push({ source: { file, entry: exchanges.length }, method: request.method, url: `${baseUrl}${request.pathWithQuery}`, status: response.status, responseText: response.text, ...(probe ? { probe } : {}) });
    return response.json;
  }, rounds);
  return exchanges;
}
