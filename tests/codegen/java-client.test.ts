// The Java client's generator (tools/codegen/java-client.ts): what it makes of the spec, checked
// against the spec itself and the privacy rules, not against the generator's own tables.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProtectedField, javaName, javaSourceRoot, renderJavaClient } from '../../tools/codegen/java-client.ts';
import { repoRoot } from '../../tools/support/repo.ts';

type Spec = { paths: Record<string, Record<string, { operationId?: string }>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
const spec = JSON.parse(readFileSync(join(repoRoot, 'generated/openapi.json'), 'utf8')) as Spec;
const files = renderJavaClient();
const source = (name: string) => {
  const text = files.get(`${javaSourceRoot}/${name}`);
  if (text === undefined) throw new Error(`no ${name} generated`);
  return text;
};

describe('the Java client generator', () => {
  it('writes one method per operationId in each method set, and the committed files are these', () => {
    const ids = Object.values(spec.paths).flatMap((item) => Object.values(item).map((op) => op.operationId).filter((id): id is string => typeof id === 'string'));
    expect(ids.length).toBeGreaterThan(10);
    for (const set of ['BlockingOperations.java', 'AsyncOperations.java', 'RawOperations.java']) {
      const text = source(set);
      for (const id of ids) expect(text, `${set} ${id}`).toMatch(new RegExp(`public final [^\\n]+ ${id}\\(`));
    }
    for (const [path, text] of files) expect(readFileSync(join(repoRoot, path), 'utf8'), path).toBe(text);
  });

  it('refuses an unset required field at build(), naming it, and leaves optional ones out', () => {
    const createSwap = source('CreateSwapParams.java');
    for (const field of ['from', 'to', 'amount', 'password']) expect(createSwap).toContain(`RequestParts.require("CreateSwapParams.${field}", ${field});`);
    const payout = source('PreviewLocalPayoutParams.java');
    expect(payout).toContain('RequestParts.require("PreviewLocalPayoutParams.amount", amount);');
    expect(payout).not.toContain('RequestParts.require("PreviewLocalPayoutParams.accountNumber"');
  });

  it('keeps protected values out of toString and marks them carried, by the privacy rules', () => {
    expect(isProtectedField('password')).toBe(true);
    expect(isProtectedField('receiverAddress')).toBe(true);
    expect(isProtectedField('account_number')).toBe(true);
    expect(isProtectedField('amount')).toBe(false);
    const createSwap = source('CreateSwapParams.java');
    expect(createSwap).toContain('parts.body("password", password, true);');
    expect(createSwap).toContain('parts.body("amount", amount, false);');
    expect(createSwap).toContain('"password=" + (password == null ? "null" : "[redacted]")');
    expect(source('models/Wallet.java')).toContain('"address=[redacted]"');
  });

  it('keeps decimal strings as String, JSON numbers as BigDecimal, and unlisted fields', () => {
    const quote = source('models/SwapQuote.java');
    expect(quote).toMatch(/private final String quotedPrice;/);
    expect(quote).toContain('@com.fasterxml.jackson.annotation.JsonAnySetter');
    expect(source('models/Transaction.java')).toMatch(/private final java\.math\.BigDecimal amount;/);
    // Every property of an object schema the answers use is a field of its model.
    const transaction = source('models/Transaction.java');
    for (const name of Object.keys(spec.components.schemas['Transaction']!.properties!)) expect(transaction).toContain(`@com.fasterxml.jackson.annotation.JsonProperty("${name}")`);
  });

  it('names members as Java allows', () => {
    expect(javaName('_id')).toBe('id');
    expect(javaName('_id', ['_id', 'id'])).toBe('underscoreId');
    expect(javaName('class')).toBe('class_');
    expect(javaName('amount-to-receive')).toBe('amountToReceive');
  });
});
