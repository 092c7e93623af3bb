import { describe, expect, it } from 'vitest';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listMediaExamples, listMediaTypes, listSchemaAndParameterExamples } from '../../tools/spec/examples.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';

const doc = loadBundledDocument();
const validator = new SpecValidator(doc);
const examples = listMediaExamples(doc);
const otherExamples = listSchemaAndParameterExamples(doc);

describe('examples', () => {
  it('every request body and every response has a named example with a summary', () => {
    const media = listMediaTypes(doc);
    expect(media.length).toBeGreaterThanOrEqual(16 * 3 + 4);
    for (const { label, media: m } of media) {
      expect(Object.keys(m.examples ?? {}).length, label).toBeGreaterThan(0);
    }
    for (const e of examples) expect(e.summary, e.label).toMatch(/^[A-Z0-9]/);
  });

  it.each(examples.map((e) => [e.label, e] as const))('%s validates against its schema (Ajv 2020-12)', (_, example) => {
    expect(validator.validateAt(example.schemaPointer, example.value)).toEqual({ valid: true });
  });

  it('finds the parameter examples and the schemas\' examples lists', () => {
    expect(otherExamples.filter((e) => e.name === 'example').length).toBeGreaterThanOrEqual(11);
    expect(otherExamples.some((e) => e.schemaPointer === '#/components/schemas/DecimalString' && e.value === '1e-7')).toBe(true);
  });

  it.each(otherExamples.map((e) => [e.label, e] as const))('%s validates against its schema (Ajv 2020-12)', (_, example) => {
    expect(validator.validateAt(example.schemaPointer, example.value)).toEqual({ valid: true });
  });

  it('a deliberately broken parameter or schema example is rejected too', () => {
    const limit = otherExamples.find((e) => e.schemaPointer === '#/components/parameters/Limit/schema')!;
    expect(validator.validateAt(limit.schemaPointer, 0).valid).toBe(false);
    expect(validator.validateAt('#/components/schemas/DecimalString', 'not-a-number').valid).toBe(false);
  });

  it('a deliberately broken example is rejected, so the check can fail', () => {
    const quote = examples.find((e) => e.label === 'getSwapQuote 200 usdtToNgn')!;
    const broken = structuredClone(quote.value) as { data: Record<string, unknown> };
    broken.data.fee = 0.5; // a number where the interface says every quote value is a string
    const result = validator.validateAt(quote.schemaPointer, broken);
    expect(result.valid).toBe(false);
    expect(result).toMatchObject({ message: expect.stringContaining('data/fee must be string') });
  });

  it('uses the values of the interface document', () => {
    const text = JSON.stringify(examples.map((e) => e.value));
    for (const value of ['usdt', 'bitcoin', 'naira', 'ethereum', 'binance', 'polygon', 'crypto_to_cash', 'CRYPTO_TO_CASH', '"btc"', '"evm"', 'ngn']) {
      expect(text, value).toContain(value);
    }
  });
});
