// The Go client as the module proxy serves it: the module zip of the committed tree (what a
// proxy takes from the tag clients/go/vX.Y.Z), made by golang.org/x/mod/zip
// (clients/go/tools/modproxy, the same tool the Go lane's consumer test uses), laid out as a file proxy, then fetched by a consumer module with
// `go get` through that proxy (no replace directive), built and run. The consumer's other
// modules come from the local module cache, as a file proxy too, checked against the
// client's go.sum: nothing is fetched from the network for them.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tool, type ReleaseContext } from './context.ts';

/** The Go tag of a kit version: the module lives in clients/go, so its tags carry that prefix. */
export const goModuleTag = (version: string) => `clients/go/v${version}`;

export async function checkGoModule(context: ReleaseContext): Promise<string> {
  const version = `v${context.version}`;
  // The committed module, as a proxy would take it from the tag (not the working tree's extra files).
  const exported = join(context.work, 'module');
  mkdirSync(exported);
  execFileSync('sh', ['-c', 'git archive --format=tar HEAD:clients/go | tar -x -C "$1"', 'sh', exported], { cwd: context.root });
  const proxy = join(context.work, 'proxy');
  await tool('go', ['-C', join(context.root, 'clients', 'go', 'tools'), 'run', './modproxy', '-module', exported, '-version', version, '-out', proxy]);
  const zip = `${version}.zip`;
  const modulePath = /^module\s+(\S+)/m.exec(readFileSync(join(exported, 'go.mod'), 'utf8'))![1]!;

  const consumer = join(context.work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'go.mod'), 'module example.invalid/consumer\n\ngo 1.24.0\n');
  // The client's own checksums: the consumer's other modules are verified against them.
  copyFileSync(join(exported, 'go.sum'), join(consumer, 'go.sum'));
  writeFileSync(join(consumer, 'main.go'), `package main\n\nimport (\n\t"fmt"\n\n\twalletapi "${modulePath}"\n)\n\nfunc main() { fmt.Println(walletapi.Version) }\n`);
  const moduleCache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();
  const env = {
    GOMODCACHE: join(context.work, 'modcache'),
    GOPROXY: `${pathToFileURL(proxy).href},${pathToFileURL(join(moduleCache, 'cache', 'download')).href}`,
    // A private module is in no public checksum database (GOPRIVATE would also bypass the proxy).
    GONOSUMDB: modulePath,
    GOFLAGS: '-modcacherw',
  };
  await tool('go', ['get', `${modulePath}@${version}`], { cwd: consumer, env });
  const printed = (await tool('go', ['run', '.'], { cwd: consumer, env: { ...env, GOPROXY: 'off' } })).trim().split('\n').pop();
  if (printed !== context.version) throw new Error(`the fetched module says Version ${printed}, VERSION says ${context.version}`);
  if (/^replace\b/m.test(readFileSync(join(consumer, 'go.mod'), 'utf8'))) throw new Error('the consumer needed a replace directive');
  return `${modulePath}@${version} (tag ${goModuleTag(context.version)}): module zip ${zip.split('/').pop()}, go get through a file proxy, built and run`;
}
