// How a new writer is kept from forgetting the privacy policy: every module that writes out
// of the process (a file, stdout or stderr, a console, a process warning) is listed here,
// with how what it writes goes through packages/sdk/src/privacy, or why it writes nothing a run read. A
// module that starts writing and is not listed fails this test; a listed writer of traffic
// must reach the policy. (Recordings are held by the types too: buildEntry takes only a
// `Redacted` exchange, which only the policy makes.)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run.ts';

const writes = /writeFileSync|writeFile\(|appendFile|createWriteStream|\bwriteSync\(|\bhandle\.writev?\(|process\.(?:stdout|stderr)\.write|console\.(?:log|error|warn|info)|emitWarning|\bio\.(?:stdout|stderr)\(/;

/**
 * Writers of what a run read (traffic, answers, messages of the provider, credentials), with
 * how, and the module that calls the policy for them.
 */
const throughThePolicy: Record<string, { how: string; via: string }> = {
  'packages/sdk/src/traffic/har-file.ts': { how: 'appendExchanges: policy.redactExchange, then buildEntry (Redacted only)', via: 'packages/sdk/src/traffic/har-file.ts' },
  'packages/sdk/src/client/record-traffic.ts': { how: 'policy.redactExchange with the redact rules; its warning names an error class only', via: 'packages/sdk/src/client/record-traffic.ts' },
  'packages/sdk/src/client/drift/watch.ts': { how: 'every event through redactEvent before onDrift; strict errors are built from those events', via: 'packages/sdk/src/client/drift/watch.ts' },
  'packages/sdk/src/client/drift/warnings.ts': { how: 'warns with the events watch.ts redacted', via: 'packages/sdk/src/client/drift/watch.ts' },
  'packages/sdk/src/cli/main.ts': { how: 'out, err, outJson and outSpec, with the credentials and what the request carried', via: 'packages/sdk/src/cli/main.ts' },
  'packages/sdk/src/cli/bin.ts': { how: "main's io; its own line names an error class only", via: 'packages/sdk/src/cli/main.ts' },
  'tools/learn/proposal/source-files.ts': { how: 'writes the claims of a report that holds only redacted findings', via: 'tools/learn/report.ts' },
  'tools/contract/hooks.ts': { how: "verdicts (names, operations, outcomes), never a body; Dredd's output goes through redactor", via: 'tools/contract/dredd.ts' },
  'scripts/learn.ts': { how: 'prints what the learn command writes', via: 'tools/learn/command.ts' },
  'tools/learn/command.ts': { how: 'the report and proposal hold only redacted findings; errors through redactingWriter', via: 'tools/learn/command.ts' },
  'scripts/contract.ts': { how: 'redactingWriter with the environment credentials', via: 'scripts/contract.ts' },
  'scripts/probe.ts': { how: 'redactingWriter with the environment credentials', via: 'scripts/probe.ts' },
  'scripts/preflight.ts': { how: 'redactingWriter with the environment credentials', via: 'scripts/preflight.ts' },
};

/** Writers of the project's own files and messages: nothing a run read. */
const noTraffic: Record<string, string> = {
  'tools/contract/description.ts': "the spec's description for Dredd",
  'tools/conformance/runner.ts': "the kit's cases' results against its own replayed bytes and the local sandbox: outcome kinds, HTTP statuses, counts and the shape of data, never a value, header or message of an answer",
  'tools/conformance/matrix.ts': "the matrix of the runners' results",
  'tools/dev/rebuild.ts': 'the dev loop: bundle and docs of the spec',
  'tools/diff/optic.ts': "Optic's comparison of two specs",
  'tools/docs/build.ts': 'the docs page',
  'scripts/build-standalone.ts': "the sandbox's standalone build: its bundle, executables and wheels",
  'scripts/standalone/executable.ts': "a single executable: the sandbox's bundle injected into a Node binary",
  'tools/generated-files/check.ts': 'generated files',
  'packages/sandbox/src/command.ts': "the sandbox's banner; its request log goes through sandboxLogRedaction (packages/sandbox/src/log.ts)",
  'packages/sandbox/src/shutdown.ts': 'signal names',
  'tools/support/postgres-cluster.ts': "a throwaway test cluster's own password file",
  'scripts/build.ts': 'packages',
  'scripts/changelog.ts': 'the changelog of spec changes',
  'scripts/commonjs-declarations.ts': 'type declarations',
  'scripts/commonjs-entries.ts': "the packages' CommonJS entry points",
  'scripts/conformance.ts': "the conformance matrix and the README's copy of it, made from the kit's cases",
  'scripts/dev.ts': 'the dev loop',
  'scripts/diff.ts': 'spec changes',
  'scripts/docs.ts': 'the docs page',
  'scripts/check-generated.ts': 'generated files',
  'scripts/generate.ts': 'generated files',
  'scripts/mock.ts': 'the mock banner',
  'scripts/pack.ts': 'packages',
  'scripts/version-set.ts': "the kit's version, stamped into each package",
  'scripts/release-check.ts': "the release's guards and one line per artifact: names, versions, the checking tools' own findings on the kit's files",
  'scripts/release-publish.ts': 'the commands of an upload: files, registries and variable names, never a credential',
  'scripts/docs-check.ts': "the docs site's links and requests",
  'tools/release/go.ts': 'a consumer module of the Go client, in a scratch folder',
  'tools/release/php.ts': 'a consumer project of the PHP client, in a scratch folder',
  'tools/release/python.ts': "the Python lock's pins as constraints, in a scratch folder",
  'scripts/start.ts': 'the start banner',
  'scripts/unknowns.ts': "the spec's unknowns",
};

function sources(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('scripts/bench/'));
}

describe('the writers of the project', () => {
  it('are all known, and each writer of what a run read reaches the privacy policy', () => {
    const writers = [...sources('packages/sdk/src'), ...sources('packages/sandbox/src'), ...sources('tools'), ...sources('scripts')].filter((file) => writes.test(readFileSync(join(repoRoot, file), 'utf8'))).sort();
    const unknown = writers.filter((file) => !(file in throughThePolicy) && !(file in noTraffic));
    expect(unknown, 'a new writer: route what it writes through packages/sdk/src/privacy (see the Privacy section of the README) and list it here').toEqual([]);
    expect(Object.keys({ ...throughThePolicy, ...noTraffic }).filter((file) => !writers.includes(file)), 'listed but no longer writing').toEqual([]);
    const callsThePolicy = /\.redact(?:Exchange|Text|Json|JsonText|Name|Field)\(|redactingWriter\(|defaultPolicy|policy\./;
    for (const [file, { via }] of Object.entries(throughThePolicy)) {
      expect(callsThePolicy.test(readFileSync(join(repoRoot, via), 'utf8')), `${file} writes what a run read, but ${via} does not call the policy`).toBe(true);
    }
  });
});
