// The 20 "not shown" statements of the service interface, each quoted by a fragment
// that occurs in exactly one of them, and the objects of the spec that must carry the
// marker for it. The test checks this table both against the spec and, when the
// interface document is beside the repository, against the document itself.
export type NotShownStatement = { quote: string; pointers: string[] };

const op = (path: string, method: string) => `#/paths/${path.replaceAll('/', '~1')}/${method}`;

export const notShownStatements: NotShownStatement[] = [
  { quote: 'Allowed values of chainType, status and usage', pointers: ['#/components/schemas/Wallet'] },
  { quote: 'Fields of the swap record beyond id, from, to and status', pointers: ['#/components/schemas/Swap'] },
  { quote: 'Fields of the transaction beyond those listed', pointers: ['#/components/schemas/Transaction'] },
  { quote: 'Conditions under which confirm or cancel is refused', pointers: [op('/api/v1/swaps/{id}/confirm', 'post'), op('/api/v1/swaps/{id}/cancel', 'post')] },
  { quote: 'Wallet states other than active and their transitions', pointers: ['#/components/schemas/Wallet/properties/status'] },
  { quote: 'Transitions of transaction status and payoutStatus', pointers: ['#/components/schemas/Transaction/properties/status'] },
  { quote: 'Query: coin (string), chain (string, a reference from the network list). Response shape', pointers: ['#/components/schemas/DepositAddress'] },
  { quote: 'Referred to as a source of supported assets. Response shape', pointers: ['#/components/schemas/Rates'] },
  { quote: 'Listed as a swap endpoint. Parameters and response shape', pointers: [op('/api/v1/swaps/market', 'get')] },
  { quote: 'Path parameter: id (string). Response shape', pointers: ['#/components/schemas/TransactionDetail'] },
  { quote: 'The endpoint that confirms a previewed crypto withdrawal or NGN payout', pointers: [op('/api/v1/wallets/preview-withdraw', 'post'), op('/api/v1/wallets/preview-withdraw-local-transfer', 'post')] },
  { quote: 'Signature computation (signed content, algorithm, encoding)', pointers: ['#/components/securitySchemes/Signature'] },
  { quote: 'Accepted timestamp window and behaviour on an invalid signature', pointers: ['#/components/securitySchemes/Timestamp'] },
  { quote: 'Events, callbacks or webhooks', pointers: ['#'] },
  { quote: 'The HTTP status code returned for each error condition', pointers: ['#/components/responses/ClientError'] },
  { quote: 'The full list of error messages or codes', pointers: ['#/components/schemas/ErrorEnvelope/properties/message'] },
  { quote: 'Rate limits', pointers: ['#'] },
  { quote: 'Default and maximum values of limit', pointers: ['#/components/parameters/Limit'] },
  { quote: 'Maximum amounts for withdrawals, payouts and swaps, and fee schedules', pointers: ['#/components/schemas/PositiveAmount'] },
  { quote: 'Deprecation and change policy for versions', pointers: ['#/info'] },
];
