// The repository's root folder, for commands that run the project's own tools and files.
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
