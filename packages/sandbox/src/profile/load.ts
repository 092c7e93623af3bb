// Reads a provider profile (a file or an object) and checks it against profile.schema.json,
// so a mistyped entry stops the sandbox at start with one message naming the file and the
// field, instead of playing something else than the profile says. What the schema cannot
// say (names that must exist in the spec) is checked against the spec the sandbox serves,
// when the app is built (cross-check.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createSpecAjv, describeSchemaError } from '../spec/ajv.ts';
import type { ProviderProfile } from './types.ts';

export const profileSchemaPath = fileURLToPath(new URL('./profile.schema.json', import.meta.url));

/** A profile that matches profile.schema.json, and where it came from (for messages). */
export type LoadedProfile = { profile: ProviderProfile; origin: string };

let validate: ValidateFunction | undefined;

/** Every way the value misses profile.schema.json, each naming the field (`profile.refusals.notFound.status must be <= 599`). */
export function profileSchemaProblems(value: unknown): string[] {
  validate ??= createSpecAjv().compile(JSON.parse(readFileSync(profileSchemaPath, 'utf8')) as object);
  if (validate(value)) return [];
  // An if/then branch that fails is reported twice: by the branch, then as "must match then";
  // a name refused by propertyNames likewise, by the name's own error, then as "must be valid".
  const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'if' && error.keyword !== 'propertyNames');
  return [...new Set(errors.map((error) => {
    if (error.propertyName !== undefined) return `${describeSchemaError({ ...error, instancePath: `${error.instancePath}/${error.propertyName}` }, 'profile').replace(/ must /, ': this name must ')}`;
    const described = describeSchemaError(error, 'profile');
    return error.keyword === 'enum' ? `${described}: ${(error.params.allowedValues as unknown[]).join(', ')}` : described;
  }))];
}

function readProfileFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Provider profile ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Provider profile ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** A copy of a profile object, so changing it after the sandbox has started changes nothing. */
function copyProfileObject(profile: ProviderProfile): unknown {
  try {
    return structuredClone(profile);
  } catch (error) {
    throw new Error(`Provider profile passed to startSandbox is not JSON data: ${(error as Error).message}`);
  }
}

/** The profile of a file path or an object, checked against profile.schema.json. */
export function loadProfile(source: ProviderProfile | string): LoadedProfile {
  const origin = typeof source === 'string' ? source : 'passed to startSandbox';
  const value: unknown = typeof source === 'string' ? readProfileFile(source) : copyProfileObject(source);
  const problems = profileSchemaProblems(value);
  if (problems.length) throw new Error(`Provider profile ${origin} is refused: ${problems.join('; ')}`);
  return { profile: value as ProviderProfile, origin };
}
