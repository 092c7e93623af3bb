// The changelog of the API description between two versions of the bundle, per operation:
// added, changed (and what), removed, with breaking changes marked. It reads the same
// results as the breaking-change gate: Optic's comparison of the two files (its grouped
// diffs and its failed breaking-change rules) and the gate's own request check.
import { pointerSegment } from '../../packages/sdk/src/spec/pointer.ts';
import { givesATypeToAnyValue, majorOf, parseDocument } from './gate.ts';
import { compareWithOptic, isBreakingFailure, type OpticEndpoint, type OpticRule } from './optic.ts';
import { requestConstraintChanges } from './request-constraints.ts';

export type OperationChange = {
  /** "GET /api/v1/transactions" */
  operation: string;
  operationId: string | undefined;
  kind: 'added' | 'changed' | 'removed';
  /** For a changed operation: which parts changed. */
  parts: string[];
  /** Why the change can break an integration; empty when it cannot. */
  breaking: string[];
};

type Document = { info?: { version?: unknown }; paths?: Record<string, Record<string, { operationId?: string }>> };

const partLabels: Record<string, string> = { queryParameters: 'query parameter', pathParameters: 'path parameter', headerParameters: 'header', cookieParameters: 'cookie' };

/** Every object below `node` that looks like a diff or a rule, collected by key. */
function collect<T>(node: unknown, key: 'diffs' | 'rules'): T[] {
  if (Array.isArray(node)) return node.flatMap((item) => collect<T>(item, key));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([name, value]) => (name === key && Array.isArray(value) ? (value as T[]) : collect<T>(value, key)));
}

/** What changed inside an operation, one phrase per part: "query parameter `limit` added", "response 200 changed". */
function describeParts(endpoint: OpticEndpoint): string[] {
  const phrases: string[] = [];
  for (const [part, label] of Object.entries(partLabels)) {
    for (const [name, parameter] of Object.entries((endpoint[part] ?? {}) as Record<string, unknown>)) {
      const diffs = collect<{ change: string; trail?: string }>(parameter, 'diffs');
      if (diffs.length === 0) continue;
      // A diff without a trail is the whole parameter coming or going; with one, an attribute of it changed.
      const whole = diffs.find((d) => !d.trail);
      phrases.push(`${label} \`${name}\` ${whole ? whole.change : 'changed'}`);
    }
  }
  if (collect(endpoint.request, 'diffs').length > 0) phrases.push('request body changed');
  for (const [status, response] of Object.entries((endpoint.responses ?? {}) as Record<string, unknown>)) {
    const changes = [...new Set(collect<{ change: string }>(response, 'diffs').map((d) => d.change))];
    if (changes.length > 0) phrases.push(`response ${status} ${changes.length === 1 ? changes[0] : 'changed'}`);
  }
  // Changes of the operation object itself (its security, summary, …), by the field's name.
  const operationFields = endpoint.diffs.map((d) => (d.after ?? d.before ?? '').split('/').slice(4).join('/')).filter(Boolean);
  for (const field of new Set(operationFields)) phrases.push(`\`${field}\` ${endpoint.diffs.find((d) => (d.after ?? d.before ?? '').endsWith(`/${field}`))?.change ?? 'changed'}`);
  if (phrases.length === 0 && endpoint.diffs.length > 0) phrases.push('operation changed');
  return phrases;
}

const operationIdOf = (doc: Document, method: string, path: string) => doc.paths?.[path]?.[method.toLowerCase()]?.operationId;

export type Changelog = { changes: OperationChange[]; versions: [unknown, unknown] };

/** The per-operation changes from base to head (both bundle texts), with one run of Optic. */
export async function changelogBetween(baseText: string, headText: string): Promise<Changelog> {
  const [changelog] = await changelogsBetween([{ base: baseText, head: headText }]);
  return changelog!;
}

/** The same for several pairs of bundle texts, each on its own, with one run of Optic. */
export async function changelogsBetween(pairs: { base: string; head: string }[]): Promise<Changelog[]> {
  const parsed = pairs.map((pair) => ({ ...pair, baseDoc: parseDocument(pair.base) as Document, headDoc: parseDocument(pair.head) as Document }));
  const run = await compareWithOptic(parsed.map(withBaseMajor));
  if (run.pairs.some((pair) => pair.findings === undefined)) throw new Error(`optic failed with exit code ${run.exitCode}\n${run.output}`);
  return parsed.map((pair, index) => changesOf(pair.baseDoc, pair.headDoc, run.pairs[index]!.endpoints));
}

type ParsedPair = { base: string; head: string; baseDoc: Document; headDoc: Document };

/**
 * The pair as Optic is given it. Optic skips its breaking-change rules when the major version
 * was raised (the gate lets such changes through), but a changelog still has to mark what
 * breaks: a raised major version is compared with the base's version in its place. The
 * versions the changelog prints are read from the texts as they are.
 */
function withBaseMajor({ base, head, baseDoc, headDoc }: ParsedPair): { base: string; head: string } {
  const [baseMajor, headMajor] = [majorOf(baseDoc.info?.version), majorOf(headDoc.info?.version)];
  if (baseMajor === undefined || headMajor === undefined || headMajor <= baseMajor) return { base, head };
  // JSON is YAML: Optic reads the head as the same document with the base's version.
  return { base, head: JSON.stringify({ ...headDoc, info: { ...headDoc.info, version: baseDoc.info?.version } }) };
}

function changesOf(baseDoc: Document, headDoc: Document, endpoints: Record<string, OpticEndpoint>): Changelog {
  const constraints = requestConstraintChanges(baseDoc, headDoc);
  const changes = Object.values(endpoints).map((endpoint): OperationChange => {
    const operation = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
    // Added or removed only when the diff is the operation itself, not a field of it (its security, say).
    const pointer = `/paths/${pointerSegment(endpoint.path)}/${endpoint.method.toLowerCase()}`;
    const kind = endpoint.diffs.some((d) => d.change === 'added' && d.after === pointer)
      ? 'added'
      : endpoint.diffs.some((d) => d.change === 'removed' && d.before === pointer)
        ? 'removed'
        : 'changed';
    // What the gate does not count, the changelog does not mark (gate.ts, givesATypeToAnyValue).
    const failed = collect<OpticRule>(endpoint, 'rules').filter((rule) => isBreakingFailure(rule) && !givesATypeToAnyValue(baseDoc, { rule: rule.name ?? '', jsonPath: rule.location?.jsonPath ?? '' }));
    const gateFound = constraints.filter((c) => c.where === operation || c.where.startsWith(`${operation} `));
    return {
      operation,
      operationId: operationIdOf(kind === 'removed' ? baseDoc : headDoc, endpoint.method, endpoint.path),
      kind,
      parts: kind === 'changed' ? describeParts(endpoint) : [],
      // A removal is one breaking change, however many of Optic's findings lie inside it.
      breaking: [...new Set([...(kind === 'removed' ? failed.slice(0, 1) : failed).map((r) => r.error ?? r.where ?? 'breaking'), ...gateFound.map((c) => `${c.where}: ${c.change}`)])],
    };
  });
  const order = (c: OperationChange) => (c.breaking.length > 0 ? 0 : 1) * 10 + ['removed', 'added', 'changed'].indexOf(c.kind);
  changes.sort((a, b) => order(a) - order(b) || a.operation.localeCompare(b.operation));
  return { changes, versions: [baseDoc.info?.version, headDoc.info?.version] };
}

/** The changes as a Markdown section, ready to go under a version heading of CHANGELOG.md. */
export function renderChangelog(changes: OperationChange[], labels: { base: string; versions: [unknown, unknown] }): string {
  const name = (c: OperationChange) => (c.operationId ? `\`${c.operationId}\` (${c.operation})` : `\`${c.operation}\``);
  const lines = changes.map((c) => {
    const what = c.kind === 'changed' ? `changed: ${c.parts.join('; ') || 'details'}` : c.kind;
    const breaking = c.breaking.length > 0 ? ` — ${c.breaking.join('; ')}` : '';
    return `- ${c.breaking.length > 0 ? '**Breaking** · ' : ''}${name(c)} ${what}${breaking}`;
  });
  return [
    `### Since ${labels.base} (info.version ${String(labels.versions[0])} → ${String(labels.versions[1])})`,
    '',
    ...(lines.length > 0 ? lines : ['- No operation changed.']),
    '',
  ].join('\n');
}
