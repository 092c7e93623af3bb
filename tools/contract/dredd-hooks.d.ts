// Dredd hands JavaScript hook files a `hooks` object through `require('hooks')`.
declare module 'hooks' {
  const hooks: import('./dredd-transaction.ts').DreddHooks;
  export default hooks;
}
