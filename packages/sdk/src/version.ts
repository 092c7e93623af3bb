// Written by `npm run version:set` from VERSION, as is the version field of the SDK's
// package.json, so the User-Agent needs no package.json at run time (its path differs
// between src/ and the built package). tests/client/user-agent.test.ts fails when the two differ.
export const sdkVersion = '0.2.0';
