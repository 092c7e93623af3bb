// Where each schema's records sit in an operation's success answer: on the bundled spec for
// the operations the sandbox's profiles and the traffic readers rely on, and on small
// documents written out here for each rule on its own.
import { describe, expect, it } from 'vitest';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { describePath, recordLocations, successBodySchema, visitRecords, type RecordLocation } from '../../packages/sdk/src/spec/record-locations.ts';

const bundled = loadBundledDocument();

/** Locations as `Schema at path`, for readable expectations. */
const described = (locations: RecordLocation[]) => locations.map(({ schema, path }) => `${schema} at ${describePath(path)}`);

const documentAnswering = (schema: object, components: object = {}) =>
  ({
    openapi: '3.1.0',
    info: {},
    paths: { '/x': { get: { operationId: 'getX', summary: '', tags: [], responses: { '200': { $ref: '#/components/responses/Ok' } } } } },
    components: { responses: { Ok: { description: '', content: { 'application/json': { schema } } } }, schemas: components },
  }) as unknown as OpenApiDocument;

describe('recordLocations on the bundled spec', () => {
  it('finds Transaction records at data.data[*] of listTransactions, beside the envelope and page schemas', () => {
    expect(described(recordLocations(bundled, 'listTransactions'))).toEqual(['SuccessStatus at status', 'TransactionPage at data', 'Transaction at data.data[*]']);
  });

  it('finds MarketTicker records at data.* of listMarkets and the decimal strings inside them', () => {
    expect(described(recordLocations(bundled, 'listMarkets'))).toEqual([
      'SuccessStatus at status',
      'MarketTickers at data',
      'MarketTicker at data.*',
      'DecimalString at data.*.ticker.buy',
      'DecimalString at data.*.ticker.sell',
      'DecimalString at data.*.ticker.last',
    ]);
  });

  it('finds a Swap at data of createSwap, with its status schema, and the unpublished shapes at data', () => {
    expect(described(recordLocations(bundled, 'createSwap'))).toEqual(['SuccessStatus at status', 'Swap at data', 'SwapStatus at data.status']);
    expect(described(recordLocations(bundled, 'getTransaction'))).toEqual(['SuccessStatus at status', 'TransactionDetail at data']);
    expect(described(recordLocations(bundled, 'listWallets'))).toContain('Wallet at data[*]');
  });

  it('refuses an operation the spec does not have', () => {
    expect(() => recordLocations(bundled, 'deleteEverything')).toThrow('the spec has no operation deleteEverything');
  });
});

describe('recordLocations rules', () => {
  it('follows a chain of $refs, naming every schema of it at the same place', () => {
    const doc = documentAnswering({ $ref: '#/components/schemas/Alias' }, { Alias: { $ref: '#/components/schemas/Item' }, Item: { type: 'object', properties: { id: { type: 'string' } } } });
    expect(described(recordLocations(doc, 'getX'))).toEqual(['Alias at (body)', 'Item at (body)']);
  });

  it('enters a recursive schema once', () => {
    const doc = documentAnswering(
      { type: 'object', properties: { root: { $ref: '#/components/schemas/Node' } } },
      { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } },
    );
    expect(described(recordLocations(doc, 'getX'))).toEqual(['Node at root']);
  });

  it('leaves out additionalProperties that are not a schema object, and answers nothing without a JSON 200', () => {
    const doc = documentAnswering({ type: 'object', additionalProperties: true, properties: { list: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } }, { Item: { type: 'object' } });
    expect(described(recordLocations(doc, 'getX'))).toEqual(['Item at list[*]']);
    const without = documentAnswering({});
    (without.paths['/x']!.get!.responses as Record<string, unknown>) = { '204': { description: '' } };
    expect(recordLocations(without, 'getX')).toEqual([]);
    expect(successBodySchema(without, 'getX')).toBeUndefined();
  });

  it('refuses a $ref to nothing', () => {
    expect(() => recordLocations(documentAnswering({ $ref: '#/components/schemas/Missing' }), 'getX')).toThrow('the spec has no #/components/schemas/Missing');
  });

  it('gives the answer schema with its $refs followed', () => {
    const doc = documentAnswering({ $ref: '#/components/schemas/Item' }, { Item: { type: 'object', description: 'an item' } });
    expect(successBodySchema(doc, 'getX')).toEqual({ type: 'object', description: 'an item' });
  });
});

describe('visitRecords', () => {
  const body = {
    data: {
      page: 1,
      data: [{ _id: 'a' }, { _id: 'b' }],
    },
    markets: { 'usdt/ngn': { at: 1 }, 'a~b': { at: 2 } },
  };
  const visited = (path: Parameters<typeof visitRecords>[1], value: unknown = body) => {
    const seen: [unknown, string][] = [];
    visitRecords(value, path, (record, pointer) => seen.push([record, pointer]));
    return seen;
  };

  it('visits every item of an array and every member of a map, with escaped JSON pointers', () => {
    expect(visited([{ kind: 'property', name: 'data' }, { kind: 'property', name: 'data' }, { kind: 'item' }])).toEqual([
      [{ _id: 'a' }, '/data/data/0'],
      [{ _id: 'b' }, '/data/data/1'],
    ]);
    expect(visited([{ kind: 'property', name: 'markets' }, { kind: 'value' }])).toEqual([
      [{ at: 1 }, '/markets/usdt~1ngn'],
      [{ at: 2 }, '/markets/a~0b'],
    ]);
  });

  it('visits the body itself for an empty path, and nothing where the body lacks the shape', () => {
    expect(visited([])).toEqual([[body, '']]);
    expect(visited([{ kind: 'property', name: 'missing' }])).toEqual([]);
    expect(visited([{ kind: 'property', name: 'data' }, { kind: 'item' }])).toEqual([]);
    expect(visited([{ kind: 'value' }], [1, 2])).toEqual([]);
    expect(visited([{ kind: 'property', name: 'toString' }], {})).toEqual([]);
  });

  it('describes paths as people write them', () => {
    expect(describePath([{ kind: 'property', name: 'data' }, { kind: 'property', name: 'data' }, { kind: 'item' }])).toBe('data.data[*]');
    expect(describePath([{ kind: 'property', name: 'data' }, { kind: 'value' }])).toBe('data.*');
    expect(describePath([{ kind: 'item' }, { kind: 'property', name: 'id' }])).toBe('[*].id');
    expect(describePath([])).toBe('(body)');
  });
});
