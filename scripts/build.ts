// `npm run build`: compiles the client, the signing module and the sandbox (with its bin)
// to dist/ (ESM + .d.ts), and copies the sandbox's default data file next to its loader.
// The client declarations import ../../generated/schema.d.ts and the sandbox reads
// ../../generated/openapi.yaml; the package ships both as they are.
//
// dist/ is shared: `npm run docs` writes dist/docs/index.html, which `npm start` serves,
// and `npm pack` runs this build while other processes may be reading dist/. So the build
// compiles into a scratch folder and then replaces, one by one, only the dist/ folders it
// produced (client, signing, sandbox and the spec and support helpers it imports); nothing
// else in dist/ is removed or rewritten.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'dist');
/** Folders of dist/ that other commands own. */
const notOurs = ['docs'];

// The scratch folder is on the same file system as dist/, so each folder moves by a rename.
mkdirSync(join(root, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(root, '.tmp', 'build-'));
try {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', scratch], { cwd: root, stdio: 'inherit' });
  // tsc emits only code: src/sandbox/data.ts reads data.json from its own folder at run time.
  copyFileSync(join(root, 'src/sandbox/data.json'), join(scratch, 'sandbox/data.json'));
  const produced = readdirSync(scratch).sort();
  const clash = produced.filter((entry) => notOurs.includes(entry));
  if (clash.length > 0) throw new Error(`the package build would overwrite ${clash.map((entry) => `dist/${entry}`).join(', ')}, which it does not own`);
  mkdirSync(dist, { recursive: true });
  for (const entry of produced) {
    rmSync(join(dist, entry), { recursive: true, force: true });
    renameSync(join(scratch, entry), join(dist, entry));
  }
  console.log(`built ${produced.map((entry) => `dist/${entry}`).join(', ')}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
