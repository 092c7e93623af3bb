// Which packages a build or a pack makes (npm run pack -- --package NAME): the release check
// packs only the packages of the rows it checks.
import { describe, expect, it } from 'vitest';
import { packageBuilds, packageBuildsNamed } from '../scripts/build.ts';

describe('packageBuildsNamed', () => {
  it('gives every package when none is named, and the named ones in the kit order', () => {
    expect(packageBuildsNamed()).toBe(packageBuilds);
    expect(packageBuildsNamed(['@wallet-api/sdk']).map(({ folder }) => folder)).toEqual(['packages/sdk']);
    expect(packageBuildsNamed(['@wallet-api/sandbox', '@wallet-api/sdk']).map(({ folder }) => folder)).toEqual(['packages/sdk', 'packages/sandbox']);
  });

  it('refuses a name that is not a package of the kit, naming it and the packages there are', () => {
    expect(() => packageBuildsNamed(['@wallet-api/sdk', 'wallet-api-sdk'])).toThrow('wallet-api-sdk is not a package of the kit (@wallet-api/sdk, @wallet-api/sandbox)');
  });
});
