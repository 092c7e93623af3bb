// The counts the load, fuzz and property tests read from the environment: a default for
// `npm test`, the full count in CI's full lane (docs/testing.md). A value that is not a whole
// number from 1 stops the file, naming the variable, instead of running no case at all.
export function countFromEnv(variable: string, fallback: number): number {
  const given = process.env[variable];
  const count = given === undefined ? fallback : Number(given);
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`${variable} must be a whole number from 1, not ${JSON.stringify(given)}`);
  return count;
}
