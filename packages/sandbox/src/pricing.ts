// Swap pricing from the market tickers. Selling the base asset of a market uses the
// ticker's sell price, buying it uses the buy price; the fee is a fraction of the amount
// received and is charged in the target asset. Values leave as decimal strings.
import type { components } from '../../../generated/schema.d.ts';
import type { PairMarket } from './catalog.ts';

type SwapQuote = components['schemas']['SwapQuote'];

/**
 * A number as a decimal string. Rounded to 12 significant digits so binary floating-point
 * noise (0.1 + 0.2) does not show; String() may use exponent notation (1e-7), which the
 * DecimalString pattern allows. NaN and Infinity are never written.
 */
export function decimalString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return String(Number(value.toPrecision(12)));
}

/** The quote, or undefined when the amount is too small or too large to price. */
export function quoteSwap(amount: number, pair: PairMarket, feeRate: number): SwapQuote | undefined {
  const { market, direction } = pair;
  // The quoted price is always written as quote-asset units per base-asset unit.
  const price = Number(direction === 'sellBase' ? market.sell : market.buy);
  const originalToAmount = direction === 'sellBase' ? amount * price : amount / price;
  const fee = originalToAmount * feeRate;
  const toAmount = originalToAmount - fee;
  const quotedPrice = direction === 'sellBase' ? toAmount / amount : amount / toAmount;
  if (!(toAmount > 0 && Number.isFinite(originalToAmount) && Number.isFinite(quotedPrice) && quotedPrice > 0)) return undefined;
  return {
    quotedPrice: decimalString(quotedPrice),
    originalQuotedPrice: decimalString(price),
    fee: decimalString(fee),
    quotedCurrency: market.quote.toUpperCase(),
    toAmount: decimalString(toAmount),
    originalToAmount: decimalString(originalToAmount),
  };
}
