// Deliberate negative cases: requests the service must refuse, described in a small
// OpenAPI document that Dredd reads next to the bundled spec. Each operation there says,
// in vendor extensions, which authentication headers to leave out and what the error
// message must name; the hooks apply both. The published contract for a refusal is any
// 4XX status with the error envelope, so the hooks accept any 4XX code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const negativeCasesPath = fileURLToPath(new URL('./negative-cases.yaml', import.meta.url));

export type NegativeCase = {
  method: string;
  path: string;
  summary: string;
  /** Request headers left out (lower case). */
  omitHeaders: string[];
  /** The error message must match this. */
  messagePattern: RegExp;
};

type CaseOperation = { summary: string; 'x-omit-headers': string[]; 'x-expect-message': { pattern: string; flags?: string } };

export function loadNegativeCases(path: string = negativeCasesPath): { title: string; cases: NegativeCase[] } {
  const doc = parse(readFileSync(path, 'utf8')) as { info: { title: string }; paths: Record<string, Record<string, CaseOperation>> };
  const cases: NegativeCase[] = [];
  for (const [casePath, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      cases.push({
        method: method.toUpperCase(),
        path: casePath,
        summary: operation.summary,
        omitHeaders: operation['x-omit-headers'].map((h) => h.toLowerCase()),
        messagePattern: new RegExp(operation['x-expect-message'].pattern, operation['x-expect-message'].flags),
      });
    }
  }
  return { title: doc.info.title, cases };
}
