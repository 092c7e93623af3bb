// Every artifact of a release, checked offline the way its registry or its consumers take it
// (`npm run release:check`). One row per artifact; a client that lands later adds its row
// with `whenPresent`, its folder: the row is skipped, and says so, only while that folder does
// not exist.
import { checkDocsSite } from './docs-site.ts';
import type { ReleaseContext } from './context.ts';
import { checkGoModule } from './go.ts';
import { checkJavaArtifact } from './java.ts';
import { checkNpmPackage } from './npm.ts';
import { checkPhpPackage } from './php.ts';
import { checkPythonDistributions } from './python.ts';

export type ReleaseArtifact = {
  /** What the release line names: the registry and the artifact. */
  name: string;
  /** Its folder under release:check's output (--out): what `npm run release:publish` uploads from. */
  folder: string;
  /** The npm package the row checks: the chosen rows' packages are built and packed together, once. */
  npmPackage?: string;
  /** The folder whose presence makes the row apply (a client that may not have landed); absent: always. */
  whenPresent?: string;
  /** Builds and checks the artifact; returns what passed, throws what failed. */
  check: (context: ReleaseContext) => Promise<string>;
};

/** The row of one npm package: its tarball checked as the registry and its consumers take it. */
const npmRow = (npmPackage: string, folder: string): ReleaseArtifact => ({ name: `npm ${npmPackage}`, folder, npmPackage, check: (context) => checkNpmPackage(npmPackage, context) });

export const releaseArtifacts: ReleaseArtifact[] = [
  npmRow('@wallet-api/sdk', 'npm-sdk'),
  npmRow('@wallet-api/sandbox', 'npm-sandbox'),
  { name: 'PyPI wallet-api-sdk', folder: 'python', check: checkPythonDistributions },
  { name: 'Go module clients/go', folder: 'go', check: checkGoModule },
  { name: 'Maven clients/java', folder: 'java', whenPresent: 'clients/java', check: checkJavaArtifact },
  { name: 'Composer clients/php', folder: 'php', whenPresent: 'clients/php', check: checkPhpPackage },
  { name: 'docs site', folder: 'docs', check: checkDocsSite },
];
