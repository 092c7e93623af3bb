// Where the repository is, for tests that run its scripts and binaries.
export { repoRoot } from '../../src/support/repo.ts';
