// The READMEs' example blocks: the fenced block right after a `<!-- example: path -->` marker.
import { readFileSync } from 'node:fs';
import { repoRoot } from './run.ts';

/** The block showing `path` in `readmePath` (from the repository root; packages/sandbox/README.md and docs/sandbox.md have blocks too). */
export function readmeBlock(path: string, readmePath = 'README.md'): string | undefined {
  const readme = readFileSync(`${repoRoot}${readmePath}`, 'utf8');
  const match = new RegExp(`<!-- example: ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} -->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\n`).exec(readme);
  return match?.[1];
}
