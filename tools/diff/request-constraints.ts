// Request-side changes Optic's breaking-changes ruleset (1.x) does not flag, checked over the
// two parsed documents: a limit added to or tightened on what a client sends, and a
// security requirement removed. A request that was valid before may be refused after.
//
// Checked, on operations present in both documents (Optic reports removed ones):
// - parameters (path, query, header, cookie; path- and operation-level, `$ref`s followed)
//   and request bodies (each media type present in both), walking `properties`, `items`,
//   schema-valued `additionalProperties` and `allOf` (by position), local `$ref`s followed;
// - maxLength, maxItems, maximum, exclusiveMaximum added or lowered; minLength, minItems,
//   minimum, exclusiveMinimum added or raised; pattern added or changed (two patterns are
//   not compared for what they accept: any change counts);
// - security: a requirement (set of schemes with scopes) of the base that the head no longer
//   lists, from the top-level `security` (reported once) or an operation's own.
// Not checked: oneOf/anyOf branches, enum, format, multipleOf, const, readOnly properties,
// numeric `exclusiveM*` booleans (OpenAPI 3.0 style), changes inside security schemes.
// Newly required parameters and request properties are Optic's (it flags them).
import { localRef, resolvePointer } from '../../packages/sdk/src/spec/openapi.ts';

type Json = Record<string, unknown>;
export type ConstraintChange = { where: string; change: string };

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const upperLimits = ['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum'] as const;
const lowerLimits = ['minLength', 'minItems', 'minimum', 'exclusiveMinimum'] as const;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * Follows local `$ref`s (`#/…`, percent-encoded as a URI fragment may be); anything else is
 * returned as it is. Unlike openapi.ts's deref it never throws: either document may be any
 * past version, and a reference that leads nowhere only means nothing there to compare.
 */
function deref(doc: Json, value: unknown, depth = 0): unknown {
  const ref = localRef(value);
  if (ref === undefined || depth > 32) return value;
  return deref(doc, resolvePointer(doc, decodeURIComponent(ref)), depth + 1);
}

/** Everything a client must send under `base` and may no longer send under `head`. */
export function requestConstraintChanges(base: Json, head: Json): ConstraintChange[] {
  const changes: ConstraintChange[] = [];
  changes.push(...securityChanges('security (every operation without its own)', base.security, head.security));
  const basePaths = isObject(base.paths) ? base.paths : {};
  const headPaths = isObject(head.paths) ? head.paths : {};
  for (const [path, headItemRaw] of Object.entries(headPaths)) {
    const baseItem = deref(base, basePaths[path]);
    const headItem = deref(head, headItemRaw);
    if (!isObject(baseItem) || !isObject(headItem)) continue;
    for (const method of methods) {
      const baseOp = baseItem[method];
      const headOp = headItem[method];
      if (!isObject(baseOp) || !isObject(headOp)) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      // An operation's own security replaces the top-level one; a top-level change is reported once above.
      if ('security' in baseOp || 'security' in headOp) {
        const effective = (op: Json, doc: Json) => ('security' in op ? op.security : doc.security);
        changes.push(...securityChanges(`${operation} security`, effective(baseOp, base), effective(headOp, head)));
      }
      const baseParams = parameters(base, baseItem, baseOp);
      for (const [key, headParam] of parameters(head, headItem, headOp)) {
        const baseParam = baseParams.get(key);
        if (baseParam) compareSchemas(base, head, parameterSchema(base, baseParam), parameterSchema(head, headParam), `${operation} ${key}`, changes, new Set());
      }
      const baseBody = deref(base, baseOp.requestBody);
      const headBody = deref(head, headOp.requestBody);
      if (!isObject(baseBody) || !isObject(headBody) || !isObject(baseBody.content) || !isObject(headBody.content)) continue;
      for (const [mediaType, headMedia] of Object.entries(headBody.content)) {
        const baseMedia = baseBody.content[mediaType];
        if (!isObject(baseMedia) || !isObject(headMedia)) continue;
        compareSchemas(base, head, baseMedia.schema, headMedia.schema, `${operation} request body ${mediaType}`, changes, new Set());
      }
    }
  }
  return changes;
}

/** Parameters by `in name` (header names case-insensitive); operation-level ones win. */
function parameters(doc: Json, item: Json, operation: Json): Map<string, Json> {
  const byKey = new Map<string, Json>();
  for (const list of [item.parameters, operation.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const param = deref(doc, raw);
      if (!isObject(param) || typeof param.name !== 'string' || typeof param.in !== 'string') continue;
      byKey.set(`${param.in} parameter ${param.in === 'header' ? param.name.toLowerCase() : param.name}`, param);
    }
  }
  return byKey;
}

function parameterSchema(doc: Json, param: Json): unknown {
  if (param.schema !== undefined) return param.schema;
  const media = isObject(param.content) ? deref(doc, Object.values(param.content)[0]) : undefined;
  return isObject(media) ? media.schema : undefined;
}

function compareSchemas(baseDoc: Json, headDoc: Json, baseRaw: unknown, headRaw: unknown, where: string, changes: ConstraintChange[], seen: Set<string>): void {
  // Recursive schemas: each pair of references is walked once.
  const refs = `${isObject(baseRaw) ? String(baseRaw.$ref) : ''}|${isObject(headRaw) ? String(headRaw.$ref) : ''}`;
  if (refs !== 'undefined|undefined' && refs !== '|') {
    if (seen.has(refs)) return;
    seen = new Set(seen).add(refs);
  }
  const base = deref(baseDoc, baseRaw);
  const head = deref(headDoc, headRaw);
  if (!isObject(base) || !isObject(head) || head.readOnly === true) return;
  const note = (change: string) => changes.push({ where, change });
  for (const keyword of upperLimits) {
    const before = asNumber(base[keyword]);
    const after = asNumber(head[keyword]);
    if (after !== undefined && (before === undefined || after < before)) note(before === undefined ? `${keyword} ${after} added` : `${keyword} lowered from ${before} to ${after}`);
  }
  for (const keyword of lowerLimits) {
    const before = asNumber(base[keyword]);
    const after = asNumber(head[keyword]);
    const floor = keyword === 'minLength' || keyword === 'minItems' ? 0 : -Infinity;
    if (after !== undefined && after > (before ?? floor)) note(before === undefined ? `${keyword} ${after} added` : `${keyword} raised from ${before} to ${after}`);
  }
  if (typeof head.pattern === 'string' && head.pattern !== base.pattern) {
    note(typeof base.pattern === 'string' ? `pattern changed from ${base.pattern} to ${head.pattern}` : `pattern ${head.pattern} added`);
  }
  const walk = (before: unknown, after: unknown, suffix: string) => compareSchemas(baseDoc, headDoc, before, after, `${where}${suffix}`, changes, seen);
  if (isObject(base.properties) && isObject(head.properties)) {
    for (const [name, after] of Object.entries(head.properties)) {
      if (name in base.properties) walk(base.properties[name], after, ` > ${name}`);
    }
  }
  if (isObject(base.items) && isObject(head.items)) walk(base.items, head.items, ' > items');
  if (isObject(base.additionalProperties) && isObject(head.additionalProperties)) walk(base.additionalProperties, head.additionalProperties, ' > additionalProperties');
  if (Array.isArray(base.allOf) && Array.isArray(head.allOf)) {
    head.allOf.forEach((after: unknown, i: number) => walk((base.allOf as unknown[])[i], after, ` > allOf[${i}]`));
  }
}

/** A requirement is a set of scheme names, each with its scopes; no `security` means none required. */
function requirementKeys(security: unknown): Map<string, string> {
  const list = Array.isArray(security) && security.length > 0 ? security : [{}];
  const keys = new Map<string, string>();
  for (const requirement of list) {
    if (!isObject(requirement)) continue;
    const entries = Object.entries(requirement)
      .map(([scheme, scopes]) => [scheme, Array.isArray(scopes) ? [...scopes].map(String).sort() : []] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    const shown = entries.length === 0 ? 'no authentication' : entries.map(([s, scopes]) => (scopes.length > 0 ? `${s}(${scopes.join(' ')})` : s)).join(' + ');
    keys.set(JSON.stringify(entries), shown);
  }
  return keys;
}

function securityChanges(where: string, base: unknown, head: unknown): ConstraintChange[] {
  const before = requirementKeys(base);
  const after = requirementKeys(head);
  const now = [...after.values()].join(' or ');
  return [...before].filter(([key]) => !after.has(key)).map(([, shown]) => ({ where, change: `requirement ${shown} removed (now: ${now})` }));
}
