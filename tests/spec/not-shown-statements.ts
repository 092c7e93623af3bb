// The 20 "not shown" statements of the service interface, each quoted by a fragment
// that occurs in exactly one of them, the objects of the spec that must carry the marker
// for it, and a phrase the marker's sentence must contain at each of those objects. The
// test checks this table both against the spec and against the interface document.
import { pointerSegment } from '../../packages/sdk/src/spec/pointer.ts';

/** `phrase` is one phrase for every pointer, or one per pointer. */
export type NotShownStatement = { quote: string; pointers: string[]; phrase: string | string[] };

const op = (path: string, method: string) => `#/paths/${pointerSegment(path)}/${method}`;

export const notShownStatements: NotShownStatement[] = [
  { quote: 'Allowed values of chainType, status and usage', pointers: ['#/components/schemas/Wallet'], phrase: 'values of chainType, status and usage' },
  { quote: 'Fields of the swap record beyond id, from, to and status', pointers: ['#/components/schemas/Swap'], phrase: 'Fields of the swap record beyond id, from, to and status' },
  { quote: 'Fields of the transaction beyond those listed', pointers: ['#/components/schemas/Transaction'], phrase: 'Fields of the transaction beyond those listed' },
  { quote: 'Conditions under which confirm or cancel is refused', pointers: [op('/api/v1/swaps/{id}/confirm', 'post'), op('/api/v1/swaps/{id}/cancel', 'post')], phrase: ['confirm is refused, and any states after confirmed', 'cancel is refused'] },
  { quote: 'Wallet states other than active and their transitions', pointers: ['#/components/schemas/Wallet/properties/status'], phrase: 'Wallet states other than active' },
  { quote: 'Transitions of transaction status and payoutStatus', pointers: ['#/components/schemas/Transaction/properties/status'], phrase: 'Transitions of transaction status and payoutStatus' },
  { quote: 'Query: coin (string), chain (string, a reference from the network list). Response shape', pointers: ['#/components/schemas/DepositAddress'], phrase: 'response shape of the deposit address' },
  { quote: 'Referred to as a source of supported assets. Response shape', pointers: ['#/components/schemas/Rates'], phrase: 'response shape of the rates' },
  { quote: 'Listed as a swap endpoint. Parameters and response shape', pointers: [op('/api/v1/swaps/market', 'get')], phrase: 'parameters and the response shape of the swap market' },
  { quote: 'Path parameter: id (string). Response shape', pointers: ['#/components/schemas/TransactionDetail'], phrase: 'response shape of a single transaction' },
  { quote: 'The endpoint that confirms a previewed crypto withdrawal or NGN payout', pointers: [op('/api/v1/wallets/preview-withdraw', 'post'), op('/api/v1/wallets/preview-withdraw-local-transfer', 'post')], phrase: ['confirms a previewed crypto withdrawal', 'confirms a previewed NGN payout'] },
  { quote: 'Signature computation (signed content, algorithm, encoding)', pointers: ['#/components/securitySchemes/Signature'], phrase: 'signature computation (signed content, algorithm and encoding)' },
  {
    quote: 'Accepted timestamp window and behaviour on an invalid signature',
    pointers: ['#/components/securitySchemes/Timestamp', '#/components/securitySchemes/Signature'],
    phrase: ['accepted timestamp window', 'behaviour on an invalid signature'],
  },
  { quote: 'Events, callbacks or webhooks', pointers: ['#'], phrase: 'Events, callbacks and webhooks' },
  { quote: 'The HTTP status code returned for each error condition', pointers: ['#/components/responses/ClientError', '#/components/responses/ServerError'], phrase: ['client-side error condition', 'server-side error condition'] },
  { quote: 'The full list of error messages or codes', pointers: ['#/components/schemas/ErrorEnvelope/properties/message'], phrase: 'full list of error messages or codes' },
  { quote: 'Rate limits', pointers: ['#'], phrase: 'Rate limits' },
  { quote: 'Default and maximum values of limit', pointers: ['#/components/parameters/Limit'], phrase: 'default and maximum values of limit' },
  { quote: 'Maximum amounts for withdrawals, payouts and swaps, and fee schedules', pointers: ['#/components/schemas/PositiveAmount'], phrase: 'Maximum amounts for withdrawals, payouts and swaps, and the fee schedules' },
  { quote: 'Deprecation and change policy for versions', pointers: ['#/info'], phrase: 'deprecation and change policy for versions' },
];
