// Staleness of the committed generated files (`npm run check:generated`): each is regenerated into a temporary directory
// and compared byte for byte with the committed copy. Add an entry here for every new
// generated artefact.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSchemaTypes } from '../codegen/schema-types.ts';
import { renderSpecJson } from '../codegen/spec-json.ts';
import { renderDriftValidators, renderDriftValidatorTypes } from '../codegen/drift-validators.ts';
import { bundleSpec } from '../support/redocly.ts';
import { repoRoot } from '../support/repo.ts';

export type GeneratedArtefact = {
  /** Path in the repository. */
  path: string;
  /** The command that rewrites it. */
  fixWith: string;
  /** Writes a fresh copy to outPath. */
  regenerate: (outPath: string) => void | Promise<void>;
};

export const generatedArtefacts: GeneratedArtefact[] = [
  {
    path: 'generated/openapi.yaml',
    fixWith: 'npm run bundle',
    regenerate: async (outPath) => {
      const bundled = await bundleSpec(outPath);
      if (!bundled.ok) throw new Error(`redocly bundle failed: ${bundled.error}`);
    },
  },
  {
    path: 'generated/schema.d.ts',
    fixWith: 'npm run generate',
    regenerate: async (outPath) => writeFileSync(outPath, await renderSchemaTypes()),
  },
  {
    path: 'generated/openapi.json',
    fixWith: 'npm run generate',
    regenerate: (outPath) => writeFileSync(outPath, renderSpecJson()),
  },
  {
    path: 'generated/drift-validators.js',
    fixWith: 'npm run generate',
    regenerate: (outPath) => writeFileSync(outPath, renderDriftValidators()),
  },
  {
    path: 'generated/drift-validators.d.ts',
    fixWith: 'npm run generate',
    regenerate: (outPath) => writeFileSync(outPath, renderDriftValidatorTypes()),
  },
];

export type GeneratedFileResult = { path: string; fixWith: string; fresh: boolean };

export async function checkGeneratedFiles(artefacts: GeneratedArtefact[] = generatedArtefacts, root: string = repoRoot): Promise<GeneratedFileResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'check-generated-'));
  try {
    const results: GeneratedFileResult[] = [];
    for (const [index, artefact] of artefacts.entries()) {
      const outPath = join(dir, `${index}-${artefact.path.split('/').pop()}`);
      await artefact.regenerate(outPath);
      const fresh = readFileSync(outPath).equals(readFileSync(join(root, artefact.path)));
      results.push({ path: artefact.path, fixWith: artefact.fixWith, fresh });
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
