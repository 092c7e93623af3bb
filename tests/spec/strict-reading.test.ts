// The strict reading closes what the interface lists completely and nothing else.
import { describe, expect, it } from 'vitest';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listMediaExamples } from '../../tools/spec/examples.ts';
import { resolvePointer } from '../../packages/sdk/src/spec/openapi.ts';
import { strictReading } from '../../tools/spec/strict-reading.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';

const doc = loadBundledDocument();
const before = structuredClone(doc);
const strict = strictReading(doc);
const validator = new SpecValidator(strict);
const schema = (name: string) => resolvePointer(strict, `#/components/schemas/${name}`) as Record<string, unknown>;

describe('the strict reading', () => {
  it('closes the records whose fields the interface lists, and keeps open the ones it says have more', () => {
    for (const name of ['Wallet', 'CreatedWallet', 'WithdrawalPreview', 'PayoutPreview', 'SwapQuote', 'SwapStateChange', 'MarketTicker', 'Network', 'MinimumWithdrawal', 'TransactionPage', 'ErrorEnvelope']) {
      expect(schema(name).additionalProperties, name).toBe(false);
    }
    expect((schema('MarketTicker').properties as Record<string, Record<string, unknown>>).ticker!.additionalProperties).toBe(false);
    for (const name of ['Swap', 'Transaction']) expect(schema(name).additionalProperties, name).toBe(true);
    // Shapes the interface does not publish stay anything at all; a map keeps its value schema.
    for (const name of ['DepositAddress', 'Rates', 'TransactionDetail', 'SwapMarket']) expect(schema(name), name).not.toHaveProperty('additionalProperties');
    expect(schema('MarketTickers').additionalProperties).toEqual({ $ref: '#/components/schemas/MarketTicker' });
  });

  it('closes the success envelopes of the operations, and leaves the published document as it was', () => {
    const createSwap = resolvePointer(strict, '#/paths/~1api~1v1~1swaps/post/responses/200/content/application~1json/schema') as Record<string, unknown>;
    expect(createSwap.additionalProperties).toBe(false);
    expect(doc).toEqual(before);
    expect((resolvePointer(doc, '#/components/schemas/Wallet') as Record<string, unknown>).additionalProperties).toBeUndefined();
  });

  it('accepts every example of the spec, and refuses a field beyond a closed record but not beyond an open one', () => {
    const examples = listMediaExamples(strict);
    expect(examples.length).toBeGreaterThan(40);
    for (const example of examples) expect(validator.validateAt(example.schemaPointer, example.value), example.label).toEqual({ valid: true });
    const wallet = listMediaExamples(strict).find((e) => e.label.startsWith('listWallets 200'))!;
    const extraOnWallet = structuredClone(wallet.value) as { data: Record<string, unknown>[] };
    extraOnWallet.data[0]!.label = 'savings';
    expect(validator.validateAt(wallet.schemaPointer, extraOnWallet)).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });
    const swap = listMediaExamples(strict).find((e) => e.label.startsWith('createSwap 200'))!;
    const extraOnSwap = structuredClone(swap.value) as { data: Record<string, unknown>; extra?: boolean };
    extraOnSwap.data.rate = '1520.50';
    expect(validator.validateAt(swap.schemaPointer, extraOnSwap)).toEqual({ valid: true });
    extraOnSwap.extra = true;
    expect(validator.validateAt(swap.schemaPointer, extraOnSwap)).toMatchObject({ valid: false });
  });

  it('treats a field named "properties" as a field', () => {
    const read = strictReading({ openapi: '3.1.0', info: {}, paths: {}, components: { schemas: { S: { type: 'object', properties: { properties: { type: 'string' } } } } } });
    expect(read.components.schemas!.S).toEqual({ type: 'object', properties: { properties: { type: 'string' } }, additionalProperties: false });
  });
});
