// Named types of every schema and envelope, derived from generated/schema.d.ts (never
// written by hand), so they follow the spec on every `npm run generate`.
import type { components, operations, paths } from '../../generated/schema.d.ts';
import type { ErrorEnvelope, SuccessEnvelope } from '../envelope/index.ts';

export type { components, operations, paths };

type Schemas = components['schemas'];

// Resources (response data).
export type Wallet = Schemas['Wallet'];
export type CreatedWallet = Schemas['CreatedWallet'];
export type DepositAddress = Schemas['DepositAddress'];
export type WithdrawalPreview = Schemas['WithdrawalPreview'];
export type PayoutPreview = Schemas['PayoutPreview'];
export type MinimumWithdrawal = Schemas['MinimumWithdrawal'];
export type MarketTicker = Schemas['MarketTicker'];
export type MarketTickers = Schemas['MarketTickers'];
export type Network = Schemas['Network'];
export type Rates = Schemas['Rates'];
export type Swap = Schemas['Swap'];
export type SwapStatus = Schemas['SwapStatus'];
export type SwapStateChange = Schemas['SwapStateChange'];
export type SwapQuote = Schemas['SwapQuote'];
export type SwapMarket = Schemas['SwapMarket'];
export type Transaction = Schemas['Transaction'];
export type TransactionPage = Schemas['TransactionPage'];
export type TransactionDetail = Schemas['TransactionDetail'];

// Request bodies.
export type CreateWalletRequest = Schemas['CreateWalletRequest'];
export type PreviewWithdrawalRequest = Schemas['PreviewWithdrawalRequest'];
export type PreviewLocalPayoutRequest = Schemas['PreviewLocalPayoutRequest'];
export type CreateSwapRequest = Schemas['CreateSwapRequest'];

// Building blocks.
export type PositiveAmount = Schemas['PositiveAmount'];
export type DecimalString = Schemas['DecimalString'];
export type SuccessStatus = Schemas['SuccessStatus'];
export type { ErrorEnvelope, SuccessEnvelope };

/** Operation ids of the spec, e.g. "createSwap". */
export type OperationId = keyof operations;

/** The `data` of an operation's success envelope, by operation id. */
export type OperationData<Id extends OperationId> = operations[Id]['responses'][200]['content']['application/json']['data'];

/** Every named schema type, keyed by its name in the spec (the type tests check it covers them all). */
export type NamedSchemas = {
  Wallet: Wallet;
  CreatedWallet: CreatedWallet;
  DepositAddress: DepositAddress;
  WithdrawalPreview: WithdrawalPreview;
  PayoutPreview: PayoutPreview;
  MinimumWithdrawal: MinimumWithdrawal;
  MarketTicker: MarketTicker;
  MarketTickers: MarketTickers;
  Network: Network;
  Rates: Rates;
  Swap: Swap;
  SwapStatus: SwapStatus;
  SwapStateChange: SwapStateChange;
  SwapQuote: SwapQuote;
  SwapMarket: SwapMarket;
  Transaction: Transaction;
  TransactionPage: TransactionPage;
  TransactionDetail: TransactionDetail;
  CreateWalletRequest: CreateWalletRequest;
  PreviewWithdrawalRequest: PreviewWithdrawalRequest;
  PreviewLocalPayoutRequest: PreviewLocalPayoutRequest;
  CreateSwapRequest: CreateSwapRequest;
  PositiveAmount: PositiveAmount;
  DecimalString: DecimalString;
  SuccessStatus: SuccessStatus;
  ErrorEnvelope: ErrorEnvelope;
};
