// Redocly plugin: `code-samples/insert` puts each operation's code samples into the bundle
// as `x-codeSamples`, read from examples/operations/<operationId>.<extension>: a complete
// program per language (TypeScript, Python, …) and the `wallet-api` command (.sh). The samples
// stay source files the test suites type-check and run; `redocly bundle` (npm run bundle,
// and the drift check) writes them into generated/openapi.yaml, so the docs show exactly
// the code that was tested. Plain JavaScript: Redocly loads plugins itself.
//
// The languages are the ones redocly.yaml lists under openapi.codeSamples.languages (Redoc
// shows only those), in that order: one line there adds a tab, when its files exist.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const samplesDir = fileURLToPath(new URL('../../examples/operations/', import.meta.url));
const config = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

/** The file extension of each language's samples; a language without one (Payload) has no files. */
const extensions = { TypeScript: 'ts', Python: 'py', Go: 'go', PHP: 'php', Java: 'java', Shell: 'sh' };

/** The languages, in the order the docs show them, as redocly.yaml lists them. */
export const sampleLanguages = parse(readFileSync(config, 'utf8'))
  .openapi.codeSamples.languages.filter(({ lang }) => extensions[lang] !== undefined)
  .map(({ lang, label }) => ({ extension: extensions[lang], lang, label: label ?? lang }));

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
