// What the provider probe sends: a fixed, documented list of deliberately wrong requests,
// each to an operation that moves no value (a read, or one of the two previews), each
// labelled with what it spoils. The labels are the ones the traffic report reads from a HAR
// entry's `_probe` (tools/learn/findings.ts): a refusal class of packages/sandbox/src/errors.ts,
// `timestampSkew:<seconds>`, `invalidInput:<case>` or `pageBeyondEnd`.
// docs/learning-the-provider.md lists the same requests; tests/probe/ holds the two equal.
import type { RefusalClass } from '../../packages/sandbox/src/errors.ts';

/**
 * How a probe request differs from a correctly signed one. Each request is signed as the
 * contract run signs (the same signer, the same key), and only then is this one thing spoiled.
 */
export type Spoil =
  /** Sent as signed. */
  | { kind: 'none' }
  /** Signed, then sent without this header. */
  | { kind: 'withoutHeader'; header: 'x-api-key' | 'x-timestamp' | 'x-signature' }
  /** Signed with, and sent with, a key the provider never issued. */
  | { kind: 'unknownApiKey' }
  /** Signed with, and sent with, this x-timestamp in place of the clock's (ISO 8601 with milliseconds). */
  | { kind: 'timestamp'; value: (now: Date) => string }
  /** Sent with the signature of the same request made a second earlier: well formed, but not this request's. */
  | { kind: 'signatureOfAnotherInstant' }
  /** The request just before it, sent again byte for byte (same timestamp and signature). */
  | { kind: 'replayOfPrevious' };

export type ProbeLabel = RefusalClass | 'baseline' | `timestampSkew:${number}` | `invalidInput:${string}` | 'pageBeyondEnd';

export type ProbeRequest = {
  label: ProbeLabel;
  /** The spec operation it calls (recorded as the entry's `_operationId`). */
  operationId: string;
  method: 'GET' | 'POST';
  /** Path and query below the base address, exactly as sent. */
  pathWithQuery: string;
  /** A JSON body, sent as `JSON.stringify` writes it. */
  body?: Record<string, unknown>;
  spoil: Spoil;
  /** What it asks the provider, in a line (printed beside the answer). */
  asks: string;
};

/**
 * The values every input probe keeps valid while it spoils one other: the interface's own
 * examples (usdt on ethereum), and an amount above any minimum withdrawal seen.
 */
export const validInput = { coin: 'usdt', chain: 'ethereum', amount: 25 } as const;

/** Values no provider lists: an asset, a chain and a record id. */
export const madeUp = { coin: 'probecoin', chain: 'probechain', transactionId: 'ffffffffffffffffffffffff' } as const;

/** A withdrawal address that is well formed and no one's. */
const receiverAddress = '0x000000000000000000000000000000000000dEaD';

/** Past the end of any history: the interface pages with page and limit and publishes no maximum of either. */
export const pageBeyondEnd = 1_000_000;

/** An amount beyond any balance or published limit (the interface publishes no maximum). */
export const hugeAmount = 1e15;

const wallets = '/api/v1/wallets';
const previewWithdraw = '/api/v1/wallets/preview-withdraw';
const withdrawal = (changes: Record<string, unknown>, without?: string) => {
  const body: Record<string, unknown> = { chain: validInput.chain, amount: validInput.amount, coin: validInput.coin, receiverAddress, ...changes };
  if (without) delete body[without];
  return body;
};

/** Authentication: a correctly signed read, then that read spoiled one way at a time. Sent first, in this order. */
export const authenticationProbes: readonly ProbeRequest[] = [
  { label: 'baseline', operationId: 'listWallets', method: 'GET', pathWithQuery: wallets, spoil: { kind: 'none' }, asks: 'a correctly signed read is accepted (the control; every other answer depends on it)' },
  { label: 'replayedRequest', operationId: 'listWallets', method: 'GET', pathWithQuery: wallets, spoil: { kind: 'replayOfPrevious' }, asks: 'the same signed request, sent a second time, is refused' },
  { label: 'missingApiKey', operationId: 'listWallets', method: 'GET', pathWithQuery: wallets, spoil: { kind: 'withoutHeader', header: 'x-api-key' }, asks: 'no x-api-key' },
  { label: 'unknownApiKey', operationId: 'listWallets', method: 'GET', pathWithQuery: wallets, spoil: { kind: 'unknownApiKey' }, asks: 'a key the provider never issued' },
  { label: 'missingTimestamp', operationId: 'listWallets', method: 'GET', pathWithQuery: wallets, spoil: { kind: 'withoutHeader', header: 'x-timestamp' }, asks: 'no x-timestamp' },
  {
    label: 'malformedTimestamp',
    operationId: 'listWallets',
    method: 'GET',
    pathWithQuery: wallets,
    // The clock's own instant, without milliseconds: only the format is wrong.
    spoil: { kind: 'timestamp', value: (now) => now.toISOString().replace(/\.\d{3}Z$/, 'Z') },
    asks: 'an x-timestamp of the right instant without milliseconds',
  },
  { label: 'missingSignature', operationId: 'listWallets', method: 'GET', pathWithQuery: wallets, spoil: { kind: 'withoutHeader', header: 'x-signature' }, asks: 'no x-signature' },
  { label: 'invalidSignature', operationId: 'listWallets', method: 'GET', pathWithQuery: wallets, spoil: { kind: 'signatureOfAnotherInstant' }, asks: 'a well-formed signature of another request' },
];

/**
 * The timestamp window: x-timestamp moved this many seconds from the clock, into the past and
 * then into the future, each direction stopping at its first refusal. The steps fall between
 * the usual windows (30 s, 1, 2, 3, 5, 10 and 15 minutes), never on one, so that the time a
 * request takes cannot decide which side of a window it lands on.
 */
export const timestampSkewSteps: readonly number[] = [5, 20, 45, 90, 200, 450, 1000];

/** One skewed read: signed with the moved timestamp, nothing else changed. */
export function skewProbe(seconds: number): ProbeRequest {
  return {
    label: `timestampSkew:${seconds}`,
    operationId: 'listWallets',
    method: 'GET',
    pathWithQuery: wallets,
    spoil: { kind: 'timestamp', value: (now) => new Date(now.getTime() + seconds * 1000).toISOString() },
    asks: `x-timestamp ${Math.abs(seconds)} s in the ${seconds < 0 ? 'past' : 'future'}`,
  };
}

/** Wrong input, each to a read or a preview, correctly signed. Sent after the timestamp window, in this order. */
export const inputProbes: readonly ProbeRequest[] = [
  {
    label: 'invalidInput:unknownCoin',
    operationId: 'getMinimumWithdrawalAmount',
    method: 'GET',
    pathWithQuery: `/api/v1/wallets/minimum-withdrawal-amount?coin=${madeUp.coin}`,
    spoil: { kind: 'none' },
    asks: 'the minimum withdrawal of a coin no one lists',
  },
  {
    label: 'invalidInput:unknownChain',
    operationId: 'getDepositAddress',
    method: 'GET',
    pathWithQuery: `/api/v1/wallets/deposit-address?coin=${validInput.coin}&chain=${madeUp.chain}`,
    spoil: { kind: 'none' },
    asks: 'a deposit address on a chain no one lists',
  },
  { label: 'invalidInput:zeroAmount', operationId: 'previewWithdrawal', method: 'POST', pathWithQuery: previewWithdraw, body: withdrawal({ amount: 0 }), spoil: { kind: 'none' }, asks: 'a withdrawal preview of 0' },
  { label: 'invalidInput:negativeAmount', operationId: 'previewWithdrawal', method: 'POST', pathWithQuery: previewWithdraw, body: withdrawal({ amount: -validInput.amount }), spoil: { kind: 'none' }, asks: 'a withdrawal preview of a negative amount' },
  { label: 'invalidInput:hugeAmount', operationId: 'previewWithdrawal', method: 'POST', pathWithQuery: previewWithdraw, body: withdrawal({ amount: hugeAmount }), spoil: { kind: 'none' }, asks: 'a withdrawal preview of 10^15 (no maximum is published)' },
  { label: 'invalidInput:missingField', operationId: 'previewWithdrawal', method: 'POST', pathWithQuery: previewWithdraw, body: withdrawal({}, 'amount'), spoil: { kind: 'none' }, asks: 'a withdrawal preview without its required amount' },
  { label: 'notFound', operationId: 'getTransaction', method: 'GET', pathWithQuery: `/api/v1/transactions/${madeUp.transactionId}`, spoil: { kind: 'none' }, asks: 'a transaction id that was never issued' },
  { label: 'pageBeyondEnd', operationId: 'listTransactions', method: 'GET', pathWithQuery: `/api/v1/transactions?limit=20&page=${pageBeyondEnd}`, spoil: { kind: 'none' }, asks: `page ${pageBeyondEnd} of the transaction history` },
];

/**
 * How many times the authentication and input probes are sent, one pass after the other (the
 * skews go once, in the first): an answer seen once may be a fluke, and `npm run learn --
 * --propose` claims a rule from at least two samples by default (tools/learn/proposal/claims.ts).
 */
export const probePasses = 2;

/** The most requests one probe sends: every fixed request in each pass, and every skew step both ways. */
export const maximumProbeRequests = probePasses * (authenticationProbes.length + inputProbes.length) + 2 * timestampSkewSteps.length;

/** Between two requests by default: 4 a second, far below any rate limit an API sets for a backend. */
export const defaultProbeIntervalMs = 250;

/** The operations the probe may call: every GET, and the two previews. Nothing that creates, confirms or cancels. */
const valueFreePosts = new Set([previewWithdraw, '/api/v1/wallets/preview-withdraw-local-transfer']);

export function movesNoValue(method: string, pathWithQuery: string): boolean {
  const path = pathWithQuery.split('?')[0]!;
  return method === 'GET' || (method === 'POST' && valueFreePosts.has(path));
}
