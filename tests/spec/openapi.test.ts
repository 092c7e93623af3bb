// The one reader of the document: pointers, `$ref`s and the operation list, on small
// documents written out here so each rule is seen on its own.
import { describe, expect, it } from 'vitest';
import { deref, listOperations, resolvePointer, resolveSchema, type OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { pointerSegment } from '../../packages/sdk/src/spec/pointer.ts';

const document = (paths: object, components: object = {}) => ({ openapi: '3.1.0', info: {}, paths, components }) as unknown as OpenApiDocument;

describe('resolvePointer', () => {
  const doc = { a: { 'b/c': { '~d': [10, 20] } }, e: 'text' };

  it('names the whole document with "#", and unescapes ~1 and ~0 as pointerSegment escapes them', () => {
    expect(resolvePointer(doc, '#')).toBe(doc);
    expect(resolvePointer(doc, `#/a/${pointerSegment('b/c')}/${pointerSegment('~d')}/1`)).toBe(20);
  });

  it('is undefined where nothing is, including inside a value that is not an object', () => {
    expect(resolvePointer(doc, '#/a/missing/deeper')).toBeUndefined();
    expect(resolvePointer(doc, '#/e/length')).toBeUndefined();
  });

  it('refuses what is not a local pointer', () => {
    expect(() => resolvePointer(doc, 'other.yaml#/a')).toThrow('not a local pointer');
    expect(() => resolvePointer(doc, '#anchor')).toThrow('not a JSON pointer');
  });
});

describe('deref and resolveSchema', () => {
  const doc = {
    components: {
      schemas: {
        Alias: { $ref: '#/components/schemas/Amount' },
        Amount: { type: 'number', exclusiveMinimum: 0 },
        Loop: { $ref: '#/components/schemas/Loop' },
        Node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
        Map: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Alias' } },
      },
    },
  };

  it('follows references to what they finally name, and leaves anything else as it is', () => {
    expect(deref(doc, { $ref: '#/components/schemas/Alias' })).toEqual({ type: 'number', exclusiveMinimum: 0 });
    const plain = { type: 'string' };
    expect(deref(doc, plain)).toBe(plain);
    expect(deref(doc, { $ref: 'https://example.com/schema.json' })).toEqual({ $ref: 'https://example.com/schema.json' });
  });

  it('throws on a reference to nothing and on a cycle of references', () => {
    expect(() => deref(doc, { $ref: '#/components/schemas/Missing' })).toThrow('the spec has no #/components/schemas/Missing');
    expect(() => deref(doc, { $ref: '#/components/schemas/Loop' })).toThrow('a $ref cycle in the spec at #/components/schemas/Loop');
  });

  it('resolves properties, items and schema-valued additionalProperties all the way down', () => {
    expect(resolveSchema(doc, { $ref: '#/components/schemas/Map' })).toEqual({ type: 'object', additionalProperties: { type: 'number', exclusiveMinimum: 0 } });
  });

  it('leaves a schema that contains itself as the $ref where it recurs, instead of expanding it forever', () => {
    const node = resolveSchema(doc, { $ref: '#/components/schemas/Node' });
    expect(node.properties).toEqual({ label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } });
  });
});

describe('listOperations', () => {
  const doc = document(
    {
      '/things/{id}': {
        parameters: [{ $ref: '#/components/parameters/Id' }, { name: 'verbose', in: 'query', schema: { type: 'boolean' } }],
        get: {
          operationId: 'getThing',
          summary: 'Get a thing',
          'x-undocumented': 'Its fields.',
          parameters: [{ name: 'verbose', in: 'query', required: true, description: 'Say more.', 'x-undocumented': 'What more.', schema: { $ref: '#/components/schemas/Flag' }, example: true }],
          responses: {},
        },
        post: { operationId: 'changeThing', requestBody: { $ref: '#/components/requestBodies/Change' }, responses: {} },
      },
      '/other': { put: { operationId: 'putOther', requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } }, responses: {} } },
    },
    {
      parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
      schemas: { Flag: { type: 'boolean' }, Name: { type: 'string', maxLength: 5 } },
      requestBodies: { Change: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { name: { $ref: '#/components/schemas/Name' } } } } } } },
    },
  );
  const operations = listOperations(doc);

  it('lists every operation in document order with its method, path, id, summary and not-published note', () => {
    expect(operations.map((op) => [op.method, op.path, op.operationId, op.summary, op.unpublished])).toEqual([
      ['get', '/things/{id}', 'getThing', 'Get a thing', 'Its fields.'],
      ['post', '/things/{id}', 'changeThing', '', undefined],
      ['put', '/other', 'putOther', '', undefined],
    ]);
  });

  it("takes the path's parameters and the operation's, the operation's own winning over the path's of the same name and place", () => {
    const [get, post] = operations;
    expect(get!.parameters).toEqual([
      { name: 'id', in: 'path', required: true, description: '', unpublished: undefined, schema: { type: 'string' }, example: undefined },
      { name: 'verbose', in: 'query', required: true, description: 'Say more.', unpublished: 'What more.', schema: { type: 'boolean' }, example: true },
    ]);
    expect(post!.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'id', true],
      ['query', 'verbose', false],
    ]);
  });

  it('reads the JSON request body through its $ref, with its schema resolved, and no body where there is no JSON one', () => {
    const [get, post, put] = operations;
    expect(get!.body).toBeUndefined();
    expect(post!.body).toEqual({ required: true, schema: { type: 'object', properties: { name: { type: 'string', maxLength: 5 } } } });
    expect(put!.body).toBeUndefined();
  });
});
