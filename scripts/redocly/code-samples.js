// Redocly plugin: `code-samples/insert` puts each operation's code samples into the bundle
// as `x-codeSamples`, read from examples/operations/<operationId>.ts (a complete TypeScript
// program) and examples/operations/<operationId>.sh (the `wallet-api` command). The samples
// stay source files the test suite type-checks and runs; `redocly bundle` (npm run bundle,
// and the drift check) writes them into generated/openapi.yaml, so the docs show exactly
// the code that was tested. Plain JavaScript: Redocly loads plugins itself.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const samplesDir = fileURLToPath(new URL('../../examples/operations/', import.meta.url));

/** The languages, in the order the docs show them; redocly.yaml lists the same under openapi.codeSamples.languages. */
export const sampleLanguages = [
  { extension: 'ts', lang: 'TypeScript', label: 'TypeScript' },
  { extension: 'sh', lang: 'Shell', label: 'wallet-api' },
];

function insertCodeSamples() {
  return {
    Operation: {
      leave(operation) {
        const samples = sampleLanguages
          .map(({ extension, lang, label }) => ({ lang, label, path: `${samplesDir}${operation.operationId}.${extension}` }))
          .filter(({ path }) => existsSync(path))
          .map(({ lang, label, path }) => ({ lang, label, source: readFileSync(path, 'utf8') }));
        if (samples.length > 0) operation['x-codeSamples'] = samples;
      },
    },
  };
}

export default function codeSamplesPlugin() {
  return { id: 'code-samples', decorators: { oas3: { insert: insertCodeSamples } } };
}
