// `npm run build`: compiles the client and the signing module to dist/ (ESM + .d.ts).
// The declarations import ../../generated/schema.d.ts, which the package ships as is.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
execFileSync(`${root}node_modules/.bin/tsc`, ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
console.log('built dist/');
