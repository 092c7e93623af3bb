// The PHP client (clients/php, when present), checked as a Composer repository and a consumer
// would take it: `composer validate --strict`, the package archived with the kit's version
// written into its composer.json (the archive a Composer repository is given; the committed
// composer.json has none, as validate --strict asks), then required at that version by a
// fresh consumer project from a Composer repository made from the zip (a packages.json
// listing it, what a private Composer repository serves), and its autoloader loaded.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tool, type ReleaseContext } from './context.ts';

export async function checkPhpPackage(context: ReleaseContext): Promise<string> {
  const client = join(context.root, 'clients', 'php');
  const { name } = JSON.parse(readFileSync(join(client, 'composer.json'), 'utf8')) as { name?: string };
  if (!name) throw new Error('clients/php/composer.json has no "name"');
  await tool('composer', ['validate', '--strict', '--no-interaction'], { cwd: client });
  const artifacts = join(context.work, 'artifacts');
  mkdirSync(artifacts);
  const zip = await archivePhpPackage(client, context.version, join(context.work, 'package'), artifacts);
  // The Composer repository: its packages.json lists the archive's own composer.json and where its zip is.
  const repository = join(context.work, 'repository');
  mkdirSync(repository);
  const archived = JSON.parse(readFileSync(join(context.work, 'package', 'composer.json'), 'utf8')) as Record<string, unknown>;
  const packages = { packages: { [name]: { [context.version]: { ...archived, dist: { type: 'zip', url: pathToFileURL(join(artifacts, zip)).href } } } } };
  writeFileSync(join(repository, 'packages.json'), JSON.stringify(packages, null, 2));
  const consumer = join(context.work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'composer.json'),
    JSON.stringify({ name: 'example/consumer', require: { [name]: context.version }, repositories: [{ type: 'composer', url: pathToFileURL(repository).href }, { packagist: false }] }, null, 2),
  );
  // Its dependencies from the Composer repository the machine is configured for (COMPOSER_HOME's config).
  await tool('composer', ['install', '--no-interaction', '--no-progress', '--prefer-dist'], { cwd: consumer, env: { COMPOSER_HOME: process.env.COMPOSER_HOME ?? join(context.work, 'composer-home') } });
  const installed = (await tool('composer', ['show', name, '--format=json', '--no-interaction'], { cwd: consumer })).trim();
  const versions = (JSON.parse(installed.slice(installed.indexOf('{'))) as { versions?: string[] }).versions ?? [];
  if (!versions.includes(context.version)) throw new Error(`the consumer installed ${name} ${versions.join(', ')}, not ${context.version}`);
  await tool('php', ['-r', 'require "vendor/autoload.php";'], { cwd: consumer });
  return `${zip}: composer validate --strict, installed from a Composer repository made from it`;
}

/** The zip of the package at `client` with `version` in its composer.json, written to `out`; returns its file name. release.yml uploads the same. */
export async function archivePhpPackage(client: string, version: string, scratch: string, out: string): Promise<string> {
  cpSync(client, scratch, { recursive: true, filter: (source) => !/[\\/](vendor|\.git)$/.test(source) });
  await tool('composer', ['config', 'version', version, '--no-interaction'], { cwd: scratch });
  const { name } = JSON.parse(readFileSync(join(scratch, 'composer.json'), 'utf8')) as { name: string };
  const file = `${name.replace('/', '-')}-${version}`;
  await tool('composer', ['archive', '--format=zip', `--dir=${out}`, `--file=${file}`, '--no-interaction'], { cwd: scratch });
  return `${file}.zip`;
}
