// The Java client's generated sources (clients/java/src/main/java/walletapi/…), from
// generated/openapi.json: one immutable model class per object schema an answer holds
// (fields the spec does not list kept in additionalProperties; decimal strings stay
// String, JSON numbers BigDecimal), one immutable params class with a builder per
// operation (a missing required field refused at build(), before anything is sent), the
// operation table, the three method sets (blocking, CompletableFuture, raw answer), and the
// privacy policy's field names (packages/sdk/src/privacy/rules.ts), so that Java and TypeScript protect
// the same fields. openapi-generator's Java models were not used: they need runtime libraries
// besides Jackson (jackson-databind-nullable, jakarta annotations) and drop unknown fields.
// `node --import tsx clients/java/codegen/generate.ts` writes them; check:generated compares.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { identifierFieldNames, normaliseName, secretFieldNames } from '../../packages/sdk/src/privacy/rules.ts';
import { repoRoot } from '../support/repo.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  const?: unknown;
};
type Parameter = { $ref?: string; name: string; in: 'path' | 'query' | 'header'; required?: boolean; description?: string; schema: Schema };
type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> } };

/** Where the generated files go, relative to the repository root. */
export const javaSourceRoot = 'clients/java/src/main/java/walletapi';
const header = '// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.\n// Regenerate: node --import tsx clients/java/codegen/generate.ts\n';

const javaKeywords = new Set(
  'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null record var yield'.split(' '),
);

/** Whether a field of this name is protected by the privacy policy (packages/sdk/src/privacy/rules.ts: a name ending in a protected one). */
export function isProtectedField(name: string): boolean {
  const normal = normaliseName(name);
  return [...secretFieldNames, ...identifierFieldNames].some((protectedName) => normal.endsWith(protectedName));
}

/** A JSON name as a Java member name: `_id` is `id` (unless the schema also has `id`), keywords get a trailing underscore. */
export function javaName(name: string, siblings: readonly string[] = []): string {
  let out = name;
  if (out.startsWith('_')) {
    const bare = out.replace(/^_+/, '');
    out = siblings.includes(bare) ? `underscore${bare[0]!.toUpperCase()}${bare.slice(1)}` : bare;
  }
  out = out.replace(/[^A-Za-z0-9_]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase());
  if (/^[0-9]/.test(out)) out = `_${out}`;
  return javaKeywords.has(out) ? `${out}_` : out;
}

const upperFirst = (text: string) => text[0]!.toUpperCase() + text.slice(1);
const constantName = (operationId: string) => operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/** Javadoc of a description: one paragraph, `*​/` and HTML escaped. */
function javadoc(text: string | undefined, indent: string): string {
  if (!text) return '';
  const clean = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\*\//g, '*&#47;')
    .replace(/@(?!code |link )/g, '&#64;')
    .replace(/`([^`]+)`/g, '{@code $1}');
  return `${indent}/** ${clean} */\n`;
}

class Generator {
  readonly files = new Map<string, string>();
  /** Model classes to write, by name, and the schema each comes from. */
  private readonly models = new Map<string, Schema>();

  constructor(private readonly doc: Document) {}

  private resolve(schema: Schema): Schema {
    let current = schema;
    for (let depth = 0; current.$ref !== undefined; depth++) {
      if (depth > 20) throw new Error(`java-client: $ref loop at ${schema.$ref}`);
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = this.doc.components.schemas[name];
      if (target === undefined) throw new Error(`java-client: unknown $ref ${current.$ref}`);
      current = target;
    }
    return current;
  }

  private refName = (schema: Schema) => schema.$ref?.replace('#/components/schemas/', '');

  /** The Java type of a schema in a model (`owner`: the class that nests an inline object). */
  typeOf(schema: Schema, owner: string, property: string): string {
    const resolved = this.resolve(schema);
    const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== 'null') : resolved.type;
    if (type === 'string') return resolved.format === 'date-time' ? 'java.time.OffsetDateTime' : 'String';
    if (type === 'number') return 'java.math.BigDecimal';
    if (type === 'integer') return 'Long';
    if (type === 'boolean') return 'Boolean';
    if (type === 'array') return `java.util.List<${this.typeOf(resolved.items ?? {}, owner, `${property}Item`)}>`;
    if (type === 'object' && resolved.properties === undefined && typeof resolved.additionalProperties === 'object') {
      return `java.util.Map<String, ${this.typeOf(resolved.additionalProperties, owner, `${property}Value`)}>`;
    }
    if (type === 'object' && resolved.properties !== undefined) {
      const named = this.refName(schema);
      const name = named ?? `${owner}${upperFirst(javaName(property))}`;
      if (!this.models.has(name)) {
        this.models.set(name, resolved);
        this.writeModel(name, resolved);
      }
      return `walletapi.models.${name}`;
    }
    return 'com.fasterxml.jackson.databind.JsonNode';
  }

  private writeModel(name: string, schema: Schema): void {
    const props = Object.entries(schema.properties ?? {});
    const names = props.map(([json]) => json);
    const fields = props.map(([json, property]) => ({ json, java: javaName(json, names), type: this.typeOf(property, name, javaName(json, names)), doc: property.description ?? this.resolve(property).description, protectedValue: isProtectedField(json), required: (schema.required ?? []).includes(json) }));
    const lines: string[] = [header, 'package walletapi.models;', ''];
    lines.push(javadoc(`${schema.description ?? name} Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields.`, '').trimEnd());
    lines.push('@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)');
    lines.push(`public final class ${name} {`);
    for (const f of fields) lines.push(`  private final ${f.type} ${f.java};`);
    lines.push('  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();', '');
    lines.push('  /** Makes the value; {@code null} stands for a field the answer left out. */');
    lines.push('  @com.fasterxml.jackson.annotation.JsonCreator');
    lines.push(`  public ${name}(${fields.map((f) => `\n      @com.fasterxml.jackson.annotation.JsonProperty("${f.json}") ${f.type} ${f.java}`).join(',')}) {`);
    for (const f of fields) lines.push(`    this.${f.java} = ${f.java};`);
    lines.push('  }', '');
    for (const f of fields) {
      lines.push(javadoc(`${f.doc ?? `The field {@code ${f.json}}.`}${f.required ? '' : ' Absent: null.'}`, '  ').trimEnd());
      lines.push(`  @com.fasterxml.jackson.annotation.JsonProperty("${f.json}")`);
      lines.push(`  public ${f.type} ${f.java}() {`, `    return ${f.java};`, '  }', '');
    }
    lines.push('  /** The fields of the answer the spec does not list, by name, as sent. */');
    lines.push('  @com.fasterxml.jackson.annotation.JsonAnyGetter');
    lines.push('  public java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties() {');
    lines.push('    return java.util.Collections.unmodifiableMap(additionalProperties);', '  }', '');
    lines.push('  // Jackson calls it for every field the spec does not list.', '  @SuppressWarnings("UnusedMethod")', '  @com.fasterxml.jackson.annotation.JsonAnySetter');
    lines.push('  private void keepAdditionalProperty(String name, com.fasterxml.jackson.databind.JsonNode value) {');
    lines.push('    additionalProperties.put(name, value);', '  }', '');
    lines.push('  @Override', '  public boolean equals(Object other) {', '    if (this == other) {', '      return true;', '    }');
    lines.push(`    if (!(other instanceof ${name} that)) {`, '      return false;', '    }');
    lines.push(`    return ${[...fields.map((f) => `java.util.Objects.equals(${f.java}, that.${f.java})`), 'additionalProperties.equals(that.additionalProperties)'].join('\n        && ')};`);
    lines.push('  }', '');
    lines.push('  @Override', '  public int hashCode() {', `    return java.util.Objects.hash(${[...fields.map((f) => f.java), 'additionalProperties'].join(', ')});`, '  }', '');
    lines.push('  @Override', '  public String toString() {');
    const parts = fields.map((f) => (f.protectedValue ? `"${f.java}=[redacted]"` : `"${f.java}=" + ${f.java}`));
    lines.push(`    return "${name}{" + ${[...parts, '"additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties)'].join(' + ", " + ')} + "}";`);
    lines.push('  }', '}', '');
    this.files.set(`${javaSourceRoot}/models/${name}.java`, lines.join('\n'));
  }

  private parameter(p: Parameter): Parameter {
    if (p.$ref === undefined) return p;
    const target = this.doc.components.parameters[p.$ref.replace('#/components/parameters/', '')];
    if (target === undefined) throw new Error(`java-client: unknown parameter ${p.$ref}`);
    return target;
  }

  /** A params field's Java type: String, java.math.BigDecimal, Integer or Boolean. */
  private paramType(schema: Schema, where: string): string {
    const resolved = this.resolve(schema);
    switch (resolved.type) {
      case 'string':
        return 'String';
      case 'number':
        return 'java.math.BigDecimal';
      case 'integer':
        return 'Integer';
      case 'boolean':
        return 'Boolean';
    }
    throw new Error(`java-client: ${where} is of a type a params field cannot take (${JSON.stringify(resolved.type)})`);
  }

  operations(): { id: string; method: string; path: string; params: string | undefined; returns: string; doc: string }[] {
    const out = [];
    for (const [path, item] of Object.entries(this.doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post'].includes(method)) continue;
        const id = op.operationId;
        const fields: { json: string; java: string; type: string; place: 'path' | 'query' | 'body'; required: boolean; doc?: string }[] = [];
        for (const raw of op.parameters ?? []) {
          const p = this.parameter(raw);
          if (p.in === 'header') throw new Error(`java-client: ${id}: header parameters are not supported`);
          fields.push({ json: p.name, java: javaName(p.name), type: this.paramType(p.schema, `${id}.${p.name}`), place: p.in, required: p.required === true || p.in === 'path', doc: p.description });
        }
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        if (bodySchema !== undefined) {
          const body = this.resolve(bodySchema);
          for (const [name, schema] of Object.entries(body.properties ?? {})) {
            fields.push({ json: name, java: javaName(name), type: this.paramType(schema, `${id}.${name}`), place: 'body', required: (body.required ?? []).includes(name), doc: schema.description ?? this.resolve(schema).description });
          }
        }
        const seen = new Set<string>();
        for (const f of fields) {
          if (seen.has(f.java)) throw new Error(`java-client: ${id}: two fields named ${f.java}`);
          seen.add(f.java);
        }
        const dataSchema = op.responses['200']?.content?.['application/json']?.schema?.properties?.['data'];
        const returns = dataSchema === undefined ? 'com.fasterxml.jackson.databind.JsonNode' : this.typeOf(dataSchema, upperFirst(id), 'data');
        const params = fields.length === 0 && bodySchema === undefined ? undefined : `${upperFirst(id)}Params`;
        if (params !== undefined) this.writeParams(params, id, method.toUpperCase(), path, fields, bodySchema !== undefined);
        out.push({ id, method: method.toUpperCase(), path, params, returns, doc: [op.summary, op.description].filter(Boolean).join(' ') });
      }
    }
    return out;
  }

  private writeParams(name: string, id: string, method: string, path: string, fields: { json: string; java: string; type: string; place: 'path' | 'query' | 'body'; required: boolean; doc?: string }[], hasBody: boolean): void {
    const lines: string[] = [header, 'package walletapi;', ''];
    lines.push(javadoc(`The input of {@code ${id}} (${method} ${path}): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields.`, '').trimEnd());
    lines.push(`public final class ${name} {`);
    for (const f of fields) lines.push(`  private final ${f.type} ${f.java};`);
    lines.push('');
    lines.push(`  private ${name}(Builder builder) {`);
    for (const f of fields) lines.push(`    this.${f.java} = builder.${f.java};`);
    lines.push('  }', '');
    lines.push('  /** A builder with every field unset. */', '  public static Builder builder() {', '    return new Builder();', '  }', '');
    lines.push('  /** A builder holding this value\'s fields, to make a changed copy. */', '  public Builder toBuilder() {', '    Builder builder = new Builder();');
    for (const f of fields) lines.push(`    builder.${f.java} = ${f.java};`);
    lines.push('    return builder;', '  }', '');
    for (const f of fields) {
      lines.push(javadoc(`${f.doc ?? `The ${f.place} field {@code ${f.json}}.`}${f.required ? '' : ' Unset: null (not sent).'}`, '  ').trimEnd());
      lines.push(`  public ${f.type} ${f.java}() {`, `    return ${f.java};`, '  }', '');
    }
    lines.push('  /** What the request carries, where: path, query and body fields in the spec\'s order. */');
    lines.push('  RequestParts requestParts() {', '    RequestParts parts = new RequestParts();');
    for (const f of fields) {
      const protectedArg = isProtectedField(f.json) ? 'true' : 'false';
      if (f.place === 'path') lines.push(`    parts.path("${f.json}", ${f.java}, ${protectedArg});`);
      else if (f.place === 'query') lines.push(`    parts.query("${f.json}", ${f.java}, ${protectedArg});`);
      else lines.push(`    parts.body("${f.json}", ${f.java}, ${protectedArg});`);
    }
    if (hasBody) lines.push('    parts.hasBody();');
    lines.push('    return parts;', '  }', '');
    lines.push('  @Override', '  public boolean equals(Object other) {', '    if (this == other) {', '      return true;', '    }');
    lines.push(`    if (!(other instanceof ${name} that)) {`, '      return false;', '    }');
    lines.push(`    return ${fields.map((f) => `java.util.Objects.equals(${f.java}, that.${f.java})`).join('\n        && ') || 'true'};`);
    lines.push('  }', '');
    lines.push('  @Override', '  public int hashCode() {', `    return java.util.Objects.hash(${fields.map((f) => f.java).join(', ')});`, '  }', '');
    lines.push('  @Override', '  public String toString() {');
    const parts = fields.map((f) => (isProtectedField(f.json) ? `"${f.java}=" + (${f.java} == null ? "null" : "[redacted]")` : `"${f.java}=" + ${f.java}`));
    lines.push(`    return "${name}{" + ${parts.join(' + ", " + ')} + "}";`, '  }', '');
    lines.push(`  /** Builds a {@link ${name}}; not thread-safe, reusable. */`, '  public static final class Builder {');
    for (const f of fields) lines.push(`    private ${f.type} ${f.java};`);
    lines.push('', '    private Builder() {}', '');
    for (const f of fields) {
      lines.push(javadoc(`Sets {@code ${f.json}}${f.required ? ' (required)' : ''}.`, '    ').trimEnd());
      lines.push(`    public Builder ${f.java}(${f.type} ${f.java}) {`, `      this.${f.java} = ${f.java};`, '      return this;', '    }', '');
      if (f.type === 'java.math.BigDecimal') {
        lines.push(javadoc(`Sets {@code ${f.json}} from a decimal string (exactly as written, e.g. {@code "100.5"}).`, '    ').trimEnd());
        lines.push(`    public Builder ${f.java}(String ${f.java}) {`, `      this.${f.java} = RequestParts.decimal("${name}.${f.java}", ${f.java});`, '      return this;', '    }', '');
        lines.push(javadoc(`Sets {@code ${f.json}} to a whole number.`, '    ').trimEnd());
        lines.push(`    public Builder ${f.java}(long ${f.java}) {`, `      this.${f.java} = java.math.BigDecimal.valueOf(${f.java});`, '      return this;', '    }', '');
      }
    }
    lines.push(`    /** The params; a {@link ConfigurationException} naming the first required field left unset. */`);
    lines.push(`    public ${name} build() {`);
    for (const f of fields.filter((x) => x.required)) lines.push(`      RequestParts.require("${name}.${f.java}", ${f.java});`);
    lines.push(`      return new ${name}(this);`, '    }', '  }', '}', '');
    this.files.set(`${javaSourceRoot}/${name}.java`, lines.join('\n'));
  }
}

type OperationRow = ReturnType<Generator['operations']>[number];

function operationTable(ops: OperationRow[]): string {
  const lines = [header, 'package walletapi;', '', '/** The spec\'s operations: method, path template and the type of the data each answers. */', 'final class Operations {', '  private Operations() {}', ''];
  for (const op of ops) {
    lines.push(`  static final Operation<${op.returns}> ${constantName(op.id)} =`);
    lines.push(`      new Operation<>("${op.id}", "${op.method}", "${op.path}", new com.fasterxml.jackson.core.type.TypeReference<${op.returns}>() {});`, '');
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** One method set: blocking (T), async (CompletableFuture<T>) or raw (RawResponse<T>). */
function methodSet(className: string, wrap: (type: string) => string, what: string, ops: OperationRow[]): string {
  const lines = [header, 'package walletapi;', ''];
  lines.push(`/** The API's operations, one method per operationId; ${what} */`);
  lines.push(`public abstract class ${className} {`, `  ${className}() {}`, '');
  lines.push(`  abstract <T> ${wrap('T')} execute(Operation<T> operation, RequestParts parts, RequestOptions options);`, '');
  for (const op of ops) {
    const doc = javadoc(`${op.method} ${op.path}. ${op.doc}`, '  ');
    const returns = wrap(op.returns);
    const table = `Operations.${constantName(op.id)}`;
    if (op.params === undefined) {
      lines.push(doc.trimEnd(), `  public final ${returns} ${op.id}() {`, `    return execute(${table}, new RequestParts(), RequestOptions.none());`, '  }', '');
      lines.push(doc.trimEnd(), `  public final ${returns} ${op.id}(RequestOptions options) {`, `    return execute(${table}, new RequestParts(), RequestOptions.orNone(options));`, '  }', '');
    } else {
      lines.push(doc.trimEnd(), `  public final ${returns} ${op.id}(${op.params} params) {`, `    return execute(${table}, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());`, '  }', '');
      lines.push(doc.trimEnd(), `  public final ${returns} ${op.id}(${op.params} params, RequestOptions options) {`, `    return execute(${table}, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));`, '  }', '');
    }
  }
  lines.push('}', '');
  return lines.join('\n');
}

function privacyRules(): string {
  const list = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');
  return [
    header,
    'package walletapi.internal;',
    '',
    '/** The privacy policy\'s protected field names (packages/sdk/src/privacy/rules.ts), normalised: lower case, no {@code -_.} or spaces. */',
    'final class PrivacyRules {',
    '  private PrivacyRules() {}',
    '',
    '  /** Fields whose values are secrets: written as [redacted]. */',
    `  static final java.util.List<String> SECRET_FIELDS = java.util.List.of(${list(secretFieldNames)});`,
    '',
    '  /** Fields whose values are personal identifiers: masked to their shape. */',
    `  static final java.util.List<String> IDENTIFIER_FIELDS = java.util.List.of(${list(identifierFieldNames)});`,
    '}',
    '',
  ].join('\n');
}

/** Every generated Java source, by its path from the repository root. */
export function renderJavaClient(specPath = join(repoRoot, 'generated/openapi.json')): Map<string, string> {
  const doc = JSON.parse(readFileSync(specPath, 'utf8')) as Document;
  const generator = new Generator(doc);
  const ops = generator.operations();
  const files = new Map(generator.files);
  files.set(`${javaSourceRoot}/Operations.java`, operationTable(ops));
  files.set(`${javaSourceRoot}/BlockingOperations.java`, methodSet('BlockingOperations', (t) => t, 'each returns the answer\'s {@code data}, or throws a {@link WalletApiException}.', ops));
  files.set(`${javaSourceRoot}/AsyncOperations.java`, methodSet('AsyncOperations', (t) => `java.util.concurrent.CompletableFuture<${t}>`, 'each returns a future of the answer\'s {@code data}, completed exceptionally with a {@link WalletApiException}; cancelling it aborts the call.', ops));
  files.set(`${javaSourceRoot}/RawOperations.java`, methodSet('RawOperations', (t) => `RawResponse<${t}>`, 'each returns the answer as received (status, headers, body) with its {@code data} parsed.', ops));
  files.set(`${javaSourceRoot}/internal/PrivacyRules.java`, privacyRules());
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
