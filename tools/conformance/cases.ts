// The conformance kit's case files (conformance/*.json): their types, loading, and the
// checks of their JSON Schema. Every runner and the matrix read the kit through this module;
// other languages read the same JSON with their own code.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createSpecAjv } from '../../packages/sandbox/src/spec/ajv.ts';
import { repoRoot } from '../support/repo.ts';

export const kitDir = join(repoRoot, 'conformance');

/** The order the matrix shows the kit's files in; a file not named here comes after them, by name. */
const kitFileOrder = ['signing.json', 'answers.json', 'decisions.json', 'options.json', 'environment.json', 'privacy-vectors.json', 'privacy.json', 'scenarios.json', 'operations.json'];
const rank = (name: string) => (kitFileOrder.includes(name) ? kitFileOrder.indexOf(name) : kitFileOrder.length);

/** The kit's own case files: every JSON file of conformance/cases, so that a new file is never left out. */
export const kitCaseFiles = readdirSync(join(kitDir, 'cases'))
  .filter((name) => name.endsWith('.json'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((name) => join(kitDir, 'cases', name));

export type Body = { json: unknown } | { utf8: string } | { base64: string };
export type ErrorKind = 'api' | 'invalid-response' | 'network' | 'timeout' | 'aborted' | 'signing' | 'configuration';
export type ExpectedError = { kind: ErrorKind; httpStatus?: number; apiMessage?: string; retryAfter?: string; names?: string };
export type Outcome = { data?: unknown; dataIncludes?: unknown; error?: ExpectedError };
export type Retry = { attempts: number; initialDelayMs?: number; maxDelayMs?: number };
export type ClientSettings = { timeoutMs?: number; maxResponseBytes?: number; retry?: Retry; signer?: 'hmac' | 'throws' | 'returns-empty' | 'returns-line-break'; secret?: string };
/** An option a case built from the environment passes explicitly (`client.explicit`). */
export type ExplicitOption = 'environment' | 'baseUrl' | 'apiKey' | 'secret';
/** An exchange case's client: `env` is the environment it sees, `explicit` what the runner passes besides. */
export type ExchangeClientSettings = ClientSettings & { env?: Record<string, string>; explicit?: ExplicitOption[] };
export type Call = { operationId: string; params: Record<string, unknown>; abortAfterMs?: number };
/** An exchange case's call: `repeat` makes it that many times in a row with one client. */
export type ExchangeCall = Call & { repeat?: number };

export type Answer = {
  status: number;
  reason?: string;
  headers: [string, string][];
  body?: Body;
  framing?: 'content-length' | 'chunked' | 'close';
  delayMs?: number;
  fault?: 'reset-before-headers' | 'reset-after-headers';
  retryAfterInSeconds?: number;
  echo?: boolean;
};

type CaseBase = { id: string; covers: string; unsupported?: Record<string, string> };

export type SigningCase = CaseBase & {
  type: 'signing';
  input: { method: string; pathWithQuery: string; body: { utf8: string }; timestamp: string; apiKey: string; secret: string };
  expect: { canonicalString: string; signature: string };
};

export type ExchangeCase = CaseBase & {
  type: 'exchange';
  client?: ExchangeClientSettings;
  call: ExchangeCall;
  answers: Answer[];
  privacy?: { protected: string[] };
  expect: Outcome & {
    requests: number;
    /** Values no rendering of the error may contain. */
    mustNotContain?: string[];
    /** Request headers whose values are pairwise different across every request received. */
    distinctHeaders?: string[];
    waitsMs?: { min: number; max: number }[];
    request?: { method: string; pathWithQuery?: string; path?: string; query?: Record<string, string>; bodyJson?: unknown; signed: true; userAgentMatches?: string };
  };
};

export type OptionsCase = CaseBase & {
  type: 'options';
  options: { environment?: string; baseUrl?: string; apiKey?: string; secret?: string };
  expect: { error: { kind: 'configuration'; names: string }; mustNotContain?: string[] };
};

export type Step =
  | { arm: Record<string, unknown> }
  | { call: Call; times?: number; options?: { timeoutMs?: number; retry?: Retry }; expect: Outcome; save?: Record<string, string> }
  | { sandbox: { method: 'GET' | 'POST'; path: string }; expect: { length?: number; dataIncludes?: unknown } }
  | { expectScenario: { index: number; matched?: number; answered?: number } }
  | { walk: { operationId: 'listTransactions'; params: Record<string, unknown> }; afterPage?: Record<string, Step[]>; expect: { pages: number; items: number; distinctIds: number } }
  | { sleepMs: number };

export type ScenarioCase = CaseBase & { type: 'scenario'; client?: ClientSettings; steps: Step[] };

/** A privacy vector: what one call carried, a text, and what the masked text must lack and keep. */
export type MaskCase = CaseBase & {
  type: 'mask';
  carried: { apiKey?: string; secret?: string; signature?: string; fields?: Record<string, string> };
  text: string;
  expect: { absent: string[]; kept: string[] };
};

export type Case = SigningCase | ExchangeCase | OptionsCase | ScenarioCase | MaskCase;

export type CaseFile = { path: string; description?: string; cases: Case[] };

// The spec's Ajv setup (2020-12, strict, with formats) serves the kit's own schema too.
const ajv = createSpecAjv({ keywords: [], strictTuples: false });
const validateCaseFile = ajv.compile(JSON.parse(readFileSync(join(kitDir, 'case-file.schema.json'), 'utf8')));

/**
 * Reads and checks case files. A file that is not JSON, breaks the schema or repeats an id
 * is refused with a message naming the file and the case (by id where it has one).
 */
export function loadCaseFiles(paths: readonly string[]): CaseFile[] {
  const problems: string[] = [];
  const files: CaseFile[] = [];
  const seen = new Map<string, string>();
  for (const path of paths) {
    const name = basename(path);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      continue;
    }
    if (!validateCaseFile(parsed)) {
      const cases = (parsed as { cases?: { id?: unknown }[] })?.cases;
      for (const error of validateCaseFile.errors ?? []) {
        const index = /^\/cases\/(\d+)/.exec(error.instancePath)?.[1];
        const id = index === undefined ? undefined : cases?.[Number(index)]?.id;
        const where = index === undefined ? 'the file' : `case ${typeof id === 'string' ? `"${id}"` : `#${Number(index) + 1}`}`;
        problems.push(`${name}: ${where}: ${error.instancePath || '/'} ${error.message}${error.params && 'allowedValues' in error.params ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : ''}`);
      }
      continue;
    }
    const file = parsed as Omit<CaseFile, 'path'>;
    for (const testCase of file.cases) {
      const first = seen.get(testCase.id);
      if (first) problems.push(`${name}: case "${testCase.id}": the id is already used in ${first}`);
      seen.set(testCase.id, name);
    }
    files.push({ path, ...file });
  }
  if (problems.length > 0) throw new Error(`The conformance cases are refused:\n${[...new Set(problems)].map((p) => `  ${p}`).join('\n')}`);
  return files;
}

export function bodyBytes(body: Body | undefined): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  if ('json' in body) return Buffer.from(JSON.stringify(body.json), 'utf8');
  if ('utf8' in body) return Buffer.from(body.utf8, 'utf8');
  return Buffer.from(body.base64, 'base64');
}

/** `dataIncludes`: every key given is present with a matching value; arrays match item by item. */
export function includes(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => includes(actual[i], item));
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && includes((actual as Record<string, unknown>)[key], value));
  }
  return Object.is(actual, expected);
}

/** JSON deep equality (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return Object.is(a, b);
}

/** Lower case, letters and digits only: how an options case compares the option an error names. */
export function normalisedName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}
