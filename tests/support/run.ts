// Where the repository is, for tests that run its scripts and binaries.
export { repoRoot } from '../../tools/support/repo.ts';
