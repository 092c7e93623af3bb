// The CommonJS twins of the packages' declarations (scripts/commonjs-declarations.ts): each
// relative import must reach another twin, or TypeScript under --module node16 refuses it;
// tests/packages-typescript.test.ts compiles real consumers against the packed twins.
import { describe, expect, it } from 'vitest';
import { commonJsTwin } from '../scripts/commonjs-declarations.ts';

describe('commonJsTwin', () => {
  it('moves every kind of relative module reference to its twin and leaves packages alone', () => {
    const declaration = [
      "import { type Middleware } from 'openapi-fetch';",
      "import type { paths } from '../../generated/schema.d.ts';",
      "export { createClient } from './create-client.ts';",
      "export type * from './types.js';",
      "export * from './errors.ts';",
      "import data = require('./data.json');",
      "export declare const page: import('./paginate.ts').Paginator<import(\"node:stream\").Duplex>;",
      '',
    ].join('\n');
    expect(commonJsTwin(declaration, 'index.d.ts')).toBe(
      [
        "import { type Middleware } from 'openapi-fetch';",
        "import type { paths } from '../../generated/schema.d.cts';",
        "export { createClient } from './create-client.cts';",
        "export type * from './types.cjs';",
        "export * from './errors.cts';",
        "import data = require('./data.json');",
        "export declare const page: import('./paginate.cts').Paginator<import(\"node:stream\").Duplex>;",
        '',
      ].join('\n'),
    );
  });

  it('refuses a relative import it cannot move to a twin', () => {
    expect(() => commonJsTwin("export * from './errors';\n", 'dist/client/index.d.ts')).toThrow(/dist\/client\/index\.d\.ts imports '\.\/errors'/);
    expect(() => commonJsTwin("export * from './errors.mts';\n", 'index.d.ts')).toThrow(/'\.\/errors\.mts'/);
  });
});
