// Made-up but well-formed addresses for sandbox wallets and deposits, derived from a
// record id so deterministic mode yields the same address every run. They are not
// spendable anywhere.
import { createHash } from 'node:crypto';

const bech32Alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

export function sandboxAddress(chainType: string, seed: string): string {
  const digest = createHash('sha256').update(`${chainType}:${seed}`).digest();
  switch (chainType) {
    case 'evm':
      return `0x${digest.subarray(0, 20).toString('hex')}`;
    case 'btc':
      return `bc1q${[...digest.subarray(0, 32)].map((byte) => bech32Alphabet[byte % 32]).join('')}`.slice(0, 42);
    default:
      // Fiat wallets are bank-style account numbers: ten digits.
      return [...digest.subarray(0, 10)].map((byte) => String(byte % 10)).join('');
  }
}
