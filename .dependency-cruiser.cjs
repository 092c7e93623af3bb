// The kit's dependency rule, checked by `npm run lint:deps` (and so by `npm test`): the SDK
// that integrators install depends on neither the sandbox nor the API owners' tools, the
// sandbox (a dev dependency of integrators) depends on no tool, and no module of src/ is
// part of a cycle. The rooms:
//   SDK: what `@wallet-api/sdk` ships (tsconfig.build.sdk.json compiles it from these folders);
//   sandbox: src/sandbox, what `@wallet-api/sandbox` ships with the shared rooms it reaches;
//   tools: everything else under src/ (learn, probe, contract, diff, dev, preflight, codegen,
//   conformance, docs, mock, generated-files, release, standalone, …).
const sdk = '^src/(client|cli|signing|privacy|traffic|opentelemetry|envelope|spec|support)/|^src/version\\.ts$';
const sandbox = '^src/sandbox/';
const notTools = `${sdk}|${sandbox}`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'sdk-to-sandbox',
      comment: 'The SDK ships to production backends; the sandbox is a dev dependency.',
      severity: 'error',
      from: { path: sdk },
      to: { path: sandbox },
    },
    {
      name: 'sdk-to-tools',
      comment: "The SDK ships; the API owners' tools stay in this repository.",
      severity: 'error',
      from: { path: sdk },
      to: { path: '^src/', pathNot: notTools },
    },
    {
      name: 'sandbox-to-tools',
      comment: "The sandbox ships as its own package; the API owners' tools stay in this repository.",
      severity: 'error',
      from: { path: sandbox },
      to: { path: '^src/', pathNot: notTools },
    },
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: neither can be read, tested or shipped alone.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.json'] },
  },
};
