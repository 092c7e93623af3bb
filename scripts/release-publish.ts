// `npm run release:publish -- --to npm|pypi|maven|composer|go --from DIR [--dry-run]`: uploads
// what `npm run release:check -- --out DIR` built and checked to the registry the environment
// names, so the release workflow publishes exactly the checked files. Private registries are
// the default; a public one is the same variables pointed elsewhere (docs/releasing.md):
//   npm       NPM_REGISTRY_URL (else npm's configured registry); NPM_PROVENANCE=true adds
//             --provenance (a registry that verifies it: npmjs.com); NPM_ACCESS (restricted)
//   pypi      PYPI_REPOSITORY_URL (required); twine takes TWINE_USERNAME/TWINE_PASSWORD, or
//             trusted publishing when they are absent on the forge
//   maven     MAVEN_REPOSITORY_URL (required), MAVEN_REPOSITORY_ID (the settings.xml server
//             holding its credentials; default wallet-api-release); when clients/java exists
//   composer  COMPOSER_UPLOAD_URL (required; the zip is PUT to URL/<file>), COMPOSER_USERNAME
//             and COMPOSER_PASSWORD; when clients/php exists
//   go        pushes the tag clients/go/vX.Y.Z (what a GOPROXY fetches the module by) to
//             GO_TAG_REMOTE (default origin)
// --dry-run prints each command instead of running it. Exits 1 on a failed upload, 2 on a
// bad argument or a missing variable.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { kitVersion } from '../tools/codegen/kit-version.ts';
import { goModuleTag } from '../tools/release/go.ts';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';
import { repoRoot } from '../tools/support/repo.ts';

const usage = 'npm run release:publish -- --to npm|pypi|maven|composer|go --from DIR [--dry-run]';
const fail = (message: string, code: number): never => {
  process.stderr.write(`release:publish: ${message}\n`);
  process.exit(code);
};

let flags: { to?: string; from?: string; 'dry-run'?: boolean } = {};
try {
  flags = parseFlags(process.argv.slice(2), { to: { type: 'string' }, from: { type: 'string' }, 'dry-run': { type: 'boolean' } }, usage);
} catch (error) {
  fail((error as Error).message, 2);
}
const registries = ['npm', 'pypi', 'maven', 'composer', 'go'];
if (!flags.to || !registries.includes(flags.to)) fail(`--to must be one of ${registries.join(', ')} (usage: ${usage})`, 2);
if (flags.to !== 'go' && flags.to !== 'maven' && !flags.from) fail(`--from is required for ${flags.to}: the folder release:check --out wrote (usage: ${usage})`, 2);
const from = resolve(process.env.INIT_CWD ?? process.cwd(), flags.from ?? '.');
const dryRun = flags['dry-run'] === true;
const version = kitVersion();

function variable(name: string): string {
  const value = process.env[name];
  if (!value) fail(`${name} is not set: it names the ${flags.to} registry to publish to (docs/releasing.md)`, 2);
  return value!;
}

/** The files of `folder` under the release:check output ending in `suffix`; at least one. */
function built(folder: string, suffix: string): string[] {
  const dir = join(from, folder);
  const files = existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith(suffix) && !file.includes('consumer')) : [];
  if (files.length === 0) fail(`no ${suffix} under ${dir}: run npm run release:check -- --out ${flags.from} first`, 2);
  return files.map((file) => join(dir, file));
}

/** Runs (or, with --dry-run, prints) a command; secrets reach it through the environment only, never its arguments. */
function run(command: string, args: string[], cwd: string = repoRoot): void {
  process.stdout.write(`release:publish: ${dryRun ? 'would run' : 'running'} ${[command, ...args].join(' ')}\n`);
  if (dryRun) return;
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) fail(`${command} ${args[0] ?? ''} failed (${result.error?.message ?? `exit ${result.status}`})`, 1);
}

switch (flags.to) {
  case 'npm': {
    const registry = process.env.NPM_REGISTRY_URL ? ['--registry', process.env.NPM_REGISTRY_URL] : [];
    const provenance = process.env.NPM_PROVENANCE === 'true' ? ['--provenance'] : [];
    for (const tarball of [...built('npm-sdk', '.tgz'), ...built('npm-sandbox', '.tgz')]) {
      run('npm', ['publish', tarball, '--access', process.env.NPM_ACCESS ?? 'restricted', ...provenance, ...registry]);
    }
    break;
  }
  case 'pypi': {
    const twine = join(repoRoot, 'clients', 'python', '.venv', 'bin', 'twine');
    run(twine, ['upload', '--non-interactive', '--repository-url', variable('PYPI_REPOSITORY_URL'), ...built('python', '.whl'), ...built('python', '.tar.gz')]);
    break;
  }
  case 'maven': {
    if (!existsSync(join(repoRoot, 'clients', 'java'))) fail('clients/java does not exist: there is no Java artifact to publish', 2);
    const repository = `${process.env.MAVEN_REPOSITORY_ID ?? 'wallet-api-release'}::default::${variable('MAVEN_REPOSITORY_URL')}`;
    run('mvn', ['-B', '--no-transfer-progress', '-DskipTests', `-DaltDeploymentRepository=${repository}`, 'source:jar-no-fork', 'javadoc:jar', 'deploy'], join(repoRoot, 'clients', 'java'));
    break;
  }
  case 'composer': {
    if (!existsSync(join(repoRoot, 'clients', 'php'))) fail('clients/php does not exist: there is no PHP artifact to publish', 2);
    const url = variable('COMPOSER_UPLOAD_URL').replace(/\/$/, '');
    const credentials = process.env.COMPOSER_USERNAME ? ['--user', `${process.env.COMPOSER_USERNAME}:${variable('COMPOSER_PASSWORD')}`] : [];
    for (const zip of built('php', '.zip')) {
      // The credentials are printed as the variable names, never their values.
      process.stdout.write(credentials.length > 0 ? 'release:publish: (with the credentials of COMPOSER_USERNAME and COMPOSER_PASSWORD)\n' : '');
      run('curl', ['--fail', '--silent', '--show-error', '--upload-file', zip, `${url}/${zip.split('/').pop()}`, ...(dryRun ? [] : credentials)]);
    }
    break;
  }
  case 'go': {
    const tag = goModuleTag(version);
    run('git', ['tag', tag]);
    run('git', ['push', process.env.GO_TAG_REMOTE ?? 'origin', tag]);
    break;
  }
}
