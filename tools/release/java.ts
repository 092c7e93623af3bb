// The Java client (clients/java, when present), checked as Maven Central and a consumer would
// take it: the jar with its sources and javadoc jars, deployed with its POM to a file
// repository, the POM carrying what Central requires (name, description, url, licenses,
// developers, scm), then resolved from that repository alone into an empty local repository.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tool, type ReleaseContext } from './context.ts';

/** What Maven Central refuses a POM without. */
const centralRequires = ['name', 'description', 'url', 'licenses', 'developers', 'scm'];

/** The text of each direct child element `name` of <project>, from the POM's text. */
function projectElement(pom: string, name: string): string | undefined {
  const withoutParentAndDependencies = pom.replace(/<!--[\s\S]*?-->/g, '').replace(/<(parent|dependencies|dependencyManagement|build|profiles|modules)>[\s\S]*?<\/\1>/g, '');
  return new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(withoutParentAndDependencies)?.[1]?.trim();
}

export async function checkJavaArtifact(context: ReleaseContext): Promise<string> {
  const client = join(context.root, 'clients', 'java');
  const pom = readFileSync(join(client, 'pom.xml'), 'utf8');
  const missing = centralRequires.filter((element) => !projectElement(pom, element));
  if (missing.length > 0) throw new Error(`clients/java/pom.xml lacks what Maven Central requires: ${missing.map((m) => `<${m}>`).join(', ')}`);
  const groupId = projectElement(pom, 'groupId');
  const artifactId = projectElement(pom, 'artifactId');
  if (!groupId || !artifactId) throw new Error('clients/java/pom.xml has no own <groupId> and <artifactId>');
  const repository = join(context.work, 'repository');
  const mvn = ['-B', '-q', '--no-transfer-progress'];
  await tool('mvn', [...mvn, '-DskipTests', `-DaltDeploymentRepository=release-check::default::${pathToFileURL(repository).href}`, 'source:jar-no-fork', 'javadoc:jar', 'deploy'], { cwd: client, timeoutMs: 900_000 });
  const folder = join(repository, ...groupId.split('.'), artifactId, context.version);
  const base = `${artifactId}-${context.version}`;
  const absent = [`${base}.jar`, `${base}-sources.jar`, `${base}-javadoc.jar`, `${base}.pom`].filter((file) => !existsSync(join(folder, file)));
  if (absent.length > 0) throw new Error(`the file repository lacks ${absent.join(', ')}`);
  // A consumer's resolution from that repository alone, into an empty local repository.
  for (const classifier of ['', ':jar:sources', ':jar:javadoc']) {
    const coordinates = classifier === '' ? `${groupId}:${artifactId}:${context.version}` : `${groupId}:${artifactId}:${context.version}${classifier}`;
    await tool('mvn', [...mvn, 'dependency:get', `-Dartifact=${coordinates}`, '-Dtransitive=false', `-DremoteRepositories=release-check::default::${pathToFileURL(repository).href}`, `-Dmaven.repo.local=${join(context.work, 'consumer-repository')}`], { cwd: context.work, timeoutMs: 900_000 });
  }
  return `${groupId}:${artifactId}:${context.version}: jar, sources and javadoc jars, POM with what Central requires, deployed to a file repository and resolved from it`;
}
