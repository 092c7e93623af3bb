// Where the repository is, for tests that run its scripts and binaries.
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
