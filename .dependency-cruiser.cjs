// The kit's dependency rule, checked by `npm run lint:deps` (and so by `npm test`). Folders are
// the packages:
//   packages/sdk/src      what `@wallet-api/sdk` ships to production backends;
//   packages/sandbox/src  what `@wallet-api/sandbox` ships (a dev dependency of integrators);
//                         it may use the SDK's rooms (signing, envelope, privacy, spec), so
//                         that it verifies exactly what the client signs;
//   tools/                the API owners' tools (learn, probe, contract, diff, dev, preflight,
//                         codegen, conformance, docs, mock, release, …), never shipped.
// The SDK reaches neither the sandbox nor a tool, the sandbox reaches no tool, and no module
// is part of a cycle.
const sdk = '^packages/sdk/src/';
const sandbox = '^packages/sandbox/src/';
const tools = '^tools/';
const code = `${sdk}|${sandbox}|${tools}`;
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
      to: { path: tools },
    },
    {
      name: 'sandbox-to-tools',
      comment: "The sandbox ships as its own package; the API owners' tools stay in this repository.",
      severity: 'error',
      from: { path: sandbox },
      to: { path: tools },
    },
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: neither can be read, tested or shipped alone.',
      severity: 'error',
      from: { path: code },
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
