import { createClient, hmacSha256, type DriftEvent, type EnvironmentName, type WalletApiClient } from '@wallet-api/sdk';
import { recordTraffic, type TrafficRecorder } from '@wallet-api/sdk/traffic';

/**
 * A client that hears from its own traffic when the provider drifts from the spec: every
 * tenth answer is checked and each finding is logged as one structured line (events name
 * places and kinds, never the answer's values); one call in a hundred is recorded, redacted,
 * to a file of HAR entries as JSON lines that `npm run learn` reads. Call `recorder.close()` before the process exits.
 */
export function watchedClient(options: {
  environment: EnvironmentName;
  baseUrl: string;
  apiKey: string;
  signingSecret: string;
  log: (line: string) => void;
  harFile: string;
}): { client: WalletApiClient; recorder: TrafficRecorder } {
  const client = createClient({
    environment: options.environment,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    signer: hmacSha256({ secret: options.signingSecret }),
    drift: { mode: 'report', sampleRate: 0.1, onDrift: (event: DriftEvent) => options.log(JSON.stringify({ msg: 'wallet-api drift', ...event })) },
  });
  const recorder = recordTraffic({ file: options.harFile, sampleRate: 0.01 });
  client.use(recorder);
  return { client, recorder };
}
