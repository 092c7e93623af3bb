// The PHP client (clients/php, when present), checked as a Composer repository and a consumer
// would take it: `composer validate --strict`, the package archived as Composer does for an
// artifact repository (`composer archive`, zip), then required at the kit's version by a
// fresh consumer project whose only repository is a folder holding that zip (Composer's
// "artifact" repository), and its autoloader loaded.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tool, type ReleaseContext } from './context.ts';

export async function checkPhpPackage(context: ReleaseContext): Promise<string> {
  const client = join(context.root, 'clients', 'php');
  const { name } = JSON.parse(readFileSync(join(client, 'composer.json'), 'utf8')) as { name?: string };
  if (!name) throw new Error('clients/php/composer.json has no "name"');
  await tool('composer', ['validate', '--strict', '--no-interaction'], { cwd: client });
  const artifacts = join(context.work, 'artifacts');
  mkdirSync(artifacts);
  await tool('composer', ['archive', '--format=zip', `--dir=${artifacts}`, `--file=${name.replace('/', '-')}-${context.version}`, '--no-interaction'], { cwd: client });
  const consumer = join(context.work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'composer.json'),
    JSON.stringify({ name: 'example/consumer', require: { [name]: context.version }, repositories: [{ type: 'artifact', url: artifacts }, { packagist: false }] }, null, 2),
  );
  // Its dependencies from the Composer repository the machine is configured for (COMPOSER_HOME's config).
  await tool('composer', ['install', '--no-interaction', '--no-progress', '--prefer-dist'], { cwd: consumer, env: { COMPOSER_HOME: process.env.COMPOSER_HOME ?? join(context.work, 'composer-home') } });
  const installed = (await tool('composer', ['show', name, '--format=json', '--no-interaction'], { cwd: consumer })).trim();
  const versions = (JSON.parse(installed.slice(installed.indexOf('{'))) as { versions?: string[] }).versions ?? [];
  if (!versions.includes(context.version)) throw new Error(`the consumer installed ${name} ${versions.join(', ')}, not ${context.version}`);
  await tool('php', ['-r', 'require "vendor/autoload.php";'], { cwd: consumer });
  return `${name} ${context.version}: composer validate --strict, installed from an artifact repository of its zip`;
}
