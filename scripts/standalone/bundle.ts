// Bundles the sandbox command into one CommonJS file that plain `node file.cjs` runs, with no
// node_modules beside it: every dependency inlined (pg included, for SANDBOX_DATABASE_URL),
// and the three files the sandbox reads at run time (the bundled spec, the discovery data,
// the provider profile schema) embedded. CommonJS because Node's single executable
// applications run a CommonJS script.
import { readFileSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The modules that read files beside them at run time (by `new URL(file, import.meta.url)`),
 * and those files: the sandbox's spec, discovery data and profile schema, and the OpenAPI
 * meta-schemas fastify-openapi-glue's validator reads (one per OpenAPI version).
 */
const readers = [
  { module: 'packages/sandbox/src/spec/document.ts', files: ['generated/openapi.yaml'] },
  { module: 'packages/sandbox/src/data.ts', files: ['packages/sandbox/src/data.json'] },
  { module: 'packages/sandbox/src/profile/load.ts', files: ['packages/sandbox/src/profile/profile.schema.json'] },
  {
    module: 'node_modules/@seriousme/openapi-schema-validator/index.js',
    files: ['v2.0', 'v3.0', 'v3.1', 'v3.2'].map((version) => `node_modules/@seriousme/openapi-schema-validator/schemas/${version}/schema.json`),
  },
];

/** Where the bundle says a file of the repository is: under a folder no disk has, so nothing else is read in its place. */
const embeddedPath = (file: string) => `/wallet-api-sandbox-embedded/${file}`;

/**
 * In each reader, `import.meta.url` becomes the module's embedded URL (so a file beside it
 * resolves to the file's embedded path) and `node:fs` a module whose readFileSync answers
 * embedded paths from the bundle, and any other path (SANDBOX_DATA_PATH, SANDBOX_PROFILE) from the disk.
 */
const embedFiles: Plugin = {
  name: 'embed-runtime-files',
  setup(bundler) {
    const byRealPath = new Map(readers.map((reader) => [realpathSync(`${repo}${reader.module}`), reader]));
    bundler.onLoad({ filter: /\.(ts|js)$/ }, (args) => {
      const reader = byRealPath.get(args.path);
      if (reader === undefined) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url') || !/from ["']node:fs["']/.test(source)) {
        throw new Error(`${reader.module} no longer reads files by import.meta.url with node:fs: update scripts/standalone/bundle.ts`);
      }
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(`file://${embeddedPath(reader.module)}`)).replace(/from ["']node:fs["']/, "from 'embedded-fs'"),
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
        resolveDir: dirname(args.path),
      };
    });
    bundler.onResolve({ filter: /^embedded-fs$/ }, () => ({ path: 'embedded-fs', namespace: 'embedded' }));
    bundler.onLoad({ filter: /.*/, namespace: 'embedded' }, () => {
      const files = Object.fromEntries(readers.flatMap((reader) => reader.files).map((file) => [embeddedPath(file), readFileSync(`${repo}${file}`, 'utf8')]));
      return {
        contents: `import * as fs from 'node:fs';
export * from 'node:fs';
const files = ${JSON.stringify(files)};
export function readFileSync(path, options) {
  const text = typeof path === 'string' ? files[path] : undefined;
  if (text === undefined) return fs.readFileSync(path, options);
  return options === undefined || options === null ? Buffer.from(text) : text;
}`,
        loader: 'js',
        resolveDir: repo,
      };
    });
  },
};

/** Writes the bundle to `outfile`; answers its size in bytes. */
export async function bundleSandbox(outfile: string): Promise<number> {
  const result = await build({
    entryPoints: [`${repo}scripts/standalone/entry.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.19',
    minify: true,
    legalComments: 'eof',
    // pg's optional native binding, loaded only when asked for (`pg.native`), which the sandbox never does.
    external: ['pg-native'],
    // Any other module that computes a path from its own URL gets the bundle's.
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: `#!/usr/bin/env node\nconst importMetaUrl = require('node:url').pathToFileURL(__filename).href;` },
    plugins: [embedFiles],
    metafile: true,
    logLevel: 'warning',
  });
  return Object.values(result.metafile.outputs).reduce((total, output) => total + output.bytes, 0);
}
