// `npm run build`: compiles the client, the signing module and the sandbox (with its bin)
// to dist/ (ESM + .d.ts), and copies the sandbox's default data file next to its loader.
// The client declarations import ../../generated/schema.d.ts and the sandbox reads
// ../../generated/openapi.yaml; the package ships both as they are.
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
execFileSync(`${root}node_modules/.bin/tsc`, ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
// tsc emits only code: src/sandbox/data.ts reads data.json from its own folder at run time.
copyFileSync(new URL('../src/sandbox/data.json', import.meta.url), new URL('../dist/sandbox/data.json', import.meta.url));
console.log('built dist/');
