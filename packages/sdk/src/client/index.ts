// The typed client of the Wallet, Payout and Swap API, for integrators' backends.
export { createClient } from './create-client.ts';
export type { CallInit, CallOptions, CallResponse, PathClient, PathsWithMethod, WalletApiClient } from './create-client.ts';
export type { OperationMethods } from './operations.generated.ts';
export type { OperationInput, OperationMethod, OperationOptions, OperationPaginator, OperationRecord, OperationResult, PagedOperationMethod, PaginateOptions } from './operation-types.ts';
export { unwrap } from './envelope.ts';
export type { Middleware } from './middleware.ts';
export type { PagedPath, PageOf, PaginateInit, Paginator, RecordOf } from './paginate.ts';
export type { CallResult, UnwrappedData } from './envelope.ts';
export {
  AbortedError,
  ApiError,
  ConfigurationError,
  InvalidResponseError,
  NetworkError,
  SigningError,
  TimeoutError,
  WalletApiError,
} from './errors.ts';
export type { ClientErrorKind } from './errors.ts';
export { defaultMaxResponseBytes } from './options.ts';
export { environmentVariables } from './environment-variables.ts';
export type { EnvironmentRecord } from './environment-variables.ts';
export { describeDrift, driftWarningType } from './drift/warnings.ts';
export type { DriftEvent, DriftKind, DriftMode, DriftOptions } from './drift/types.ts';
export type { ClientOptions, EnvironmentName, RetryOptions } from './options.ts';
export type { Logger, LogLevel } from './logging.ts';
export { callChannelName, driftChannelName, retryChannelName } from './call-channel.ts';
export type { CallMessage, DriftMessage, RetryMessage } from './call-channel.ts';
export type * from './types.ts';
export { defaultCanonicalString, formatTimestamp, hmacSha256 } from '../signing/index.ts';
export type { HmacSha256Options, SignatureEncoding, SignatureInput, Signer } from '../signing/index.ts';
