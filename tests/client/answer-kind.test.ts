// What the call's observation (the wallet-api:call channel, the logger) says a 2xx answer
// ends in is what the call itself throws: both take the one reading of an answer
// (packages/sdk/src/envelope/answer.ts). Driven by the conformance kit's answer vectors, served as bytes.
import diagnosticsChannel from 'node:diagnostics_channel';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callChannelName, createClient, hmacSha256, WalletApiError, type CallMessage } from '../../packages/sdk/src/client/index.ts';
import { kitDir, loadCaseFiles, type ExchangeCase } from '../../tools/conformance/cases.ts';
import { startReplayServer } from '../../tools/conformance/replay-server.ts';

const [answers] = loadCaseFiles([join(kitDir, 'cases', 'answers.json')]);
const vectors = answers!.cases.filter(
  (c): c is ExchangeCase => c.type === 'exchange' && c.answers.length === 1 && c.answers[0]!.fault === undefined && c.client === undefined && c.call.abortAfterMs === undefined && c.answers[0]!.status < 300,
);

describe('the error type a call\'s observation gives a 2xx answer', () => {
  it('covers success, refusal and invalid answers', () => {
    expect(new Set(vectors.map((c) => c.expect.error?.kind ?? 'data'))).toEqual(new Set(['data', 'api', 'invalid-response']));
  });

  it.each(vectors.map((c) => [c.id, c] as const))('%s: is the kind of error the call throws', async (_id, c) => {
    const server = await startReplayServer(c.answers);
    const messages: CallMessage[] = [];
    const channel = diagnosticsChannel.tracingChannel<CallMessage, CallMessage>(callChannelName);
    const handlers = { start: (m: CallMessage) => void messages.push(m), end: () => {}, asyncStart: () => {}, asyncEnd: () => {}, error: () => {} };
    channel.subscribe(handlers);
    try {
      const client = createClient({ environment: 'custom', baseUrl: server.url, apiKey: 'key', signer: hmacSha256({ secret: 'secret' }) });
      const method = (client as unknown as Record<string, (params: unknown) => Promise<unknown>>)[c.call.operationId]!;
      const thrown = await method.call(client, c.call.params).then(() => undefined, (error: unknown) => error);
      expect(thrown === undefined ? undefined : (thrown as WalletApiError).kind).toBe(c.expect.error?.kind);
      expect(thrown === undefined || thrown instanceof WalletApiError).toBe(true);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.errorType).toBe(c.expect.error?.kind);
    } finally {
      channel.unsubscribe(handlers);
      await server.close();
    }
  });
});
