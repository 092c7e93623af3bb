// Drift of the committed generated files: each is regenerated into a temporary directory
// and compared byte for byte with the committed copy. Add an entry here for every new
// generated artefact.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);

export type GeneratedArtefact = {
  /** Path in the repository. */
  path: string;
  /** The command that rewrites it. */
  fixWith: string;
  /** Writes a fresh copy to outPath. */
  regenerate: (outPath: string) => void;
};

export const generatedArtefacts: GeneratedArtefact[] = [
  {
    path: 'generated/openapi.yaml',
    fixWith: 'npm run bundle',
    regenerate: (outPath) =>
      execFileSync(bin('redocly'), ['bundle', 'openapi/openapi.yaml', '--output', outPath], {
        cwd: repoRoot,
        stdio: 'pipe',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }),
  },
];

export type DriftResult = { path: string; fixWith: string; fresh: boolean };

export function checkDrift(artefacts: GeneratedArtefact[] = generatedArtefacts, root: string = repoRoot): DriftResult[] {
  const dir = mkdtempSync(join(tmpdir(), 'drift-'));
  try {
    return artefacts.map((artefact, index) => {
      const outPath = join(dir, `${index}-${artefact.path.split('/').pop()}`);
      artefact.regenerate(outPath);
      const fresh = readFileSync(outPath).equals(readFileSync(join(root, artefact.path)));
      return { path: artefact.path, fixWith: artefact.fixWith, fresh };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
