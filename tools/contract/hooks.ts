// Dredd hooks of the contract tests (run by `npm run contract`, loaded through tsx); they
// ship with the runner, which release engineers also point at staging.
// The logic lives in tools/contract/session.ts; this file only wires it to Dredd's hook
// points. Settings come from the runner through the environment.
import { writeFileSync } from 'node:fs';
import hooks from 'hooks';
import { asyncHook } from './dredd-transaction.ts';
import { transactionExchange } from './recording.ts';
import { loadNegativeCases } from './negative-cases.ts';
import { ContractSession } from './session.ts';
import { signerFromEnv } from './signer-from-env.ts';
import { envNames, hookEnvNames } from './targets.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { strictReading } from '../spec/strict-reading.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';
import { SpecAnswerChecks } from '../spec/answer-checks.ts';
import { signingHeaderNames } from '../../packages/sdk/src/signing/index.ts';
import { appendExchanges } from '../../packages/sdk/src/traffic/har-file.ts';
import { recordingFetch } from '../../packages/sdk/src/traffic/recording-fetch.ts';

let session: ContractSession | undefined;

/** The answer reading's checks for --strict: learnings read against the strict reading, so only closed records' extra fields show. */
function strictChecks(): SpecAnswerChecks {
  const document = loadBundledDocument();
  return new SpecAnswerChecks(document, strictReading(document));
}
let startupError = '';
/** --record: the HAR file every exchange is appended to, or none. */
const recordPath = process.env[hookEnvNames.recordPath] || undefined;

/**
 * The fetch of the requests the hooks send themselves (the swap created to be cancelled):
 * recorded too, and the recording awaited, so a failure to write fails that transaction.
 */
function hooksFetch(): typeof fetch | undefined {
  if (!recordPath) return undefined;
  const recorder = recordingFetch(fetch, { record: (exchange) => appendExchanges(recordPath, [exchange]), operationId: 'createSwap', addedHeaders: signingHeaderNames });
  return async (input, init) => {
    const response = await recorder.fetch(input, init);
    await recorder.settled();
    return response;
  };
}

hooks.beforeAll((transactions, done) => {
  signerFromEnv(process.env)
    .then((signer) => {
      session = new ContractSession({
        validator: new SpecValidator(),
        // --strict: an answer with fields the spec does not list fails where the spec lists them all, as the answer reading finds them.
        ...(process.env[hookEnvNames.strict] === '1' ? { strict: strictChecks() } : {}),
        signer,
        apiKey: process.env[envNames.apiKey] ?? '',
        readOnly: process.env[hookEnvNames.readOnly] === '1',
        negative: loadNegativeCases(),
        baseUrl: hooks.configuration.endpoint,
        ...(recordPath ? { fetch: hooksFetch() } : {}),
      });
      session.order(transactions);
      done();
    })
    .catch((error: unknown) => {
      // Without a session every transaction fails in beforeEach with this reason.
      startupError = error instanceof Error ? error.message : String(error);
      done();
    });
});

hooks.beforeEach(
  asyncHook(async (transaction) => {
    if (!session) throw new Error(`the contract hooks could not start: ${startupError}`);
    await session.prepare(transaction);
  }),
);

// Recorded before any hook changes the transaction: the request as sent, the answer as received.
hooks.beforeEachValidation(
  asyncHook(async (transaction) => {
    if (!recordPath || !session || !transaction.real) return;
    const exchange = transactionExchange(transaction, { operationId: session.kindOf(transaction).operationId, addedHeaders: session.addedHeaders(transaction) });
    await appendExchanges(recordPath, [exchange]);
  }),
);

hooks.beforeEachValidation((transaction) => session?.checkResponse(transaction));

hooks.afterEach((transaction) => session?.finish(transaction));

hooks.afterAll((_transactions, done) => {
  const reportPath = process.env[hookEnvNames.reportPath];
  if (reportPath && session) writeFileSync(reportPath, JSON.stringify(session.records, null, 2));
  done();
});
