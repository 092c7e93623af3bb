// The README's example blocks: the fenced block right after a `<!-- example: path -->` marker.
import { readFileSync } from 'node:fs';
import { repoRoot } from './run.ts';

export function readmeBlock(path: string): string | undefined {
  const readme = readFileSync(`${repoRoot}README.md`, 'utf8');
  const match = new RegExp(`<!-- example: ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} -->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\n`).exec(readme);
  return match?.[1];
}
