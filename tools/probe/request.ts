// One probe request as it goes on the wire: signed exactly as the contract run signs (the
// target's signer over the method, the path with query the server sees, the body bytes, the
// timestamp and the key), then spoiled the one way its plan says. Building it sends nothing.
import { randomBytes } from 'node:crypto';
import { requestTarget } from '../../packages/sdk/src/client/request-target.ts';
import { formatTimestamp, type Signer } from '../../packages/sdk/src/signing/index.ts';
import { movesNoValue, type ProbeRequest } from './plan.ts';

/** Where the probe sends, and as whom. */
export type ProbeTarget = { baseUrl: string; apiKey: string; signer: Signer };

/** A request ready for fetch; kept whole so the replay probe can send it again unchanged. */
export type WireRequest = { url: string; method: string; headers: [string, string][]; body?: string };

export class ProbeRefused extends Error {
  override name = 'ProbeRefused';
}

/** A key no provider issued: random, so it cannot be anyone's by chance. */
export const unknownApiKey = () => `probe-unknown-${randomBytes(8).toString('hex')}`;

export async function buildWireRequest(target: ProbeTarget, probe: ProbeRequest, now: Date, previous: WireRequest | undefined): Promise<WireRequest> {
  // The plan is checked where requests are made, not only where it is written.
  if (!movesNoValue(probe.method, probe.pathWithQuery)) throw new ProbeRefused(`${probe.method} ${probe.pathWithQuery} is not a read or a preview: the probe never sends it`);
  const { spoil } = probe;
  if (spoil.kind === 'replayOfPrevious') {
    if (!previous) throw new ProbeRefused(`${probe.label} repeats the request before it, and there is none`);
    return { ...previous, headers: previous.headers.map(([name, value]) => [name, value]) };
  }
  const url = `${target.baseUrl.replace(/\/+$/, '')}${probe.pathWithQuery}`;
  const body = probe.body === undefined ? '' : JSON.stringify(probe.body);
  const apiKey = spoil.kind === 'unknownApiKey' ? unknownApiKey() : target.apiKey;
  const timestamp = spoil.kind === 'timestamp' ? spoil.value(now) : formatTimestamp(now);
  const signedAt = spoil.kind === 'signatureOfAnotherInstant' ? formatTimestamp(new Date(now.getTime() - 1000)) : timestamp;
  const signature = await target.signer({ method: probe.method, pathWithQuery: requestTarget(url), body, timestamp: signedAt, apiKey });
  const headers: [string, string][] = [
    ['x-api-key', apiKey],
    ['x-timestamp', timestamp],
    ['x-signature', signature],
  ];
  if (body !== '') headers.push(['content-type', 'application/json']);
  const sent = spoil.kind === 'withoutHeader' ? headers.filter(([name]) => name !== spoil.header) : headers;
  return { url, method: probe.method, headers: sent, ...(body === '' ? {} : { body }) };
}
