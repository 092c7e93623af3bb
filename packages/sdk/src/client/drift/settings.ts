// The drift watch's options, checked once where they are given (createClient, or a call),
// and resolved into the settings a call reads: off, or which answers to check and where the
// findings go.
import type { PrivacyPolicy } from '../../privacy/index.ts';
import { redactOption } from '../redact-option.ts';
import { ConfigurationError } from '../errors.ts';
import type { DriftEvent, DriftMode, DriftOptions } from './types.ts';

export type DriftSettings = {
  mode: DriftMode;
  sampleRate: number;
  onDrift: (event: DriftEvent) => void;
  /** What every event goes through before onDrift sees it (the built-in policy, plus `redact`). */
  policy: PrivacyPolicy;
  /** Shared by a client's settings and every call's resolved over them: whether the client has warned that its watch failed. */
  watchFailure: { warned: boolean };
};

const modes: readonly DriftMode[] = ['off', 'report', 'strict'];

/** The settings of options `given` (as createClient or a call's `drift` takes them), over `base`. */
export function driftSettings(given: DriftOptions | DriftMode | undefined, base: DriftSettings, name: string): DriftSettings {
  if (given === undefined) return base;
  if (typeof given === 'string') {
    checkMode(given, name);
    return given === base.mode ? base : { ...base, mode: given };
  }
  if (given === null || typeof given !== 'object') throw new ConfigurationError(`${name} must be one of ${quoted(modes)} or an object { mode, sampleRate?, onDrift?, redact? }`);
  checkMode(given.mode, `${name}.mode`);
  const { sampleRate = base.sampleRate, onDrift = base.onDrift } = given;
  if (typeof sampleRate !== 'number' || !(sampleRate >= 0 && sampleRate <= 1)) throw new ConfigurationError(`${name}.sampleRate must be a number from 0 to 1`);
  if (typeof onDrift !== 'function') throw new ConfigurationError(`${name}.onDrift must be a function receiving each drift event`);
  // Compiled on the first event, not here: a rule given is only checked.
  const policy = base.policy.extend(redactOption(given.redact, `${name}.redact`));
  return { mode: given.mode, sampleRate, onDrift, policy, watchFailure: base.watchFailure };
}

function checkMode(mode: unknown, name: string): asserts mode is DriftMode {
  if (!modes.includes(mode as DriftMode)) throw new ConfigurationError(`${name} must be one of ${quoted(modes)}`);
}

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** Whether this call's answer is checked: every call at 1, none at 0, else at random in that share. */
export function sampled(settings: DriftSettings): boolean {
  return settings.sampleRate >= 1 || (settings.sampleRate > 0 && Math.random() < settings.sampleRate);
}
