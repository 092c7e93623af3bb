// Deliberate negative cases: requests the service must refuse, described in a small
// OpenAPI document that Dredd reads next to the bundled spec. Each operation there says,
// in vendor extensions, which authentication headers to leave out and what the error
// message must name; the hooks apply both. The published contract for a refusal is any
// 4XX status with the error envelope, so the hooks accept any 4XX code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';

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

type ExpectedMessage = { pattern: string; flags?: string };

export function loadNegativeCases(path: string = negativeCasesPath): { title: string; cases: NegativeCase[] } {
  const doc = parseDocument(readFileSync(path, 'utf8'));
  const cases = listOperations(doc).map(({ method, path: casePath, operation }): NegativeCase => {
    const message = operation['x-expect-message'] as ExpectedMessage;
    return {
      method: method.toUpperCase(),
      path: casePath,
      summary: operation.summary,
      omitHeaders: (operation['x-omit-headers'] as string[]).map((h) => h.toLowerCase()),
      messagePattern: new RegExp(message.pattern, message.flags),
    };
  });
  return { title: String(doc.info.title), cases };
}
