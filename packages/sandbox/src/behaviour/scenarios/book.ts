// The scenarios armed per API key, and which of them answers a call. A scenario counts
// every call it would pick (its operation, its body predicate); it lets the first `after`
// of them pass, then answers the next `times` (or every one) and is spent. When several are
// armed, each counts the call, and the first armed that is due answers it. A spent scenario
// stays listed, with its counts, until it is cleared: what a test reads back afterwards.
import type { Comparison, ScenarioDefinition } from './definition.ts';
import { scenarioLimit } from './definition.ts';

export type ArmedScenario = {
  readonly id: string;
  readonly definition: ScenarioDefinition;
  /** Calls it would pick so far. */
  matched: number;
  /** Calls it answered so far. */
  answered: number;
};

/** A scenario as listed: its definition, what it picked and answered, and what is left. */
export type ScenarioView = ScenarioDefinition & { id: string; matched: number; answered: number; remaining: number | 'every' };

export class ScenarioLimitError extends Error {}

function compare(actual: unknown, op: Comparison, expected: string | number | boolean): boolean {
  const numeric = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined);
  const [a, b] = [numeric(actual), numeric(expected)];
  if (a !== undefined && b !== undefined) {
    return op === '=' ? a === b : op === '!=' ? a !== b : op === '>' ? a > b : op === '>=' ? a >= b : op === '<' ? a < b : a <= b;
  }
  // Not both numbers: only equality means anything.
  if (op === '=') return actual === expected;
  if (op === '!=') return actual !== expected;
  return false;
}

export function picks(definition: ScenarioDefinition, operationId: string, body: unknown): boolean {
  if (definition.operation !== undefined && definition.operation !== operationId) return false;
  if (definition.when === undefined) return true;
  const { field, op, value } = definition.when;
  if (body === null || typeof body !== 'object' || !Object.hasOwn(body, field)) return false;
  return compare((body as Record<string, unknown>)[field], op, value);
}

export const remainingOf = (scenario: ArmedScenario): number => (scenario.definition.every ? Infinity : (scenario.definition.times ?? 1) - scenario.answered);

/**
 * Counts a call on every scenario (in arming order) that picks it and marks the first that
 * is due as answering it: the counts change in place. The one rule, for every store.
 */
export function countCall(armed: readonly ArmedScenario[], operationId: string, body: unknown): ArmedScenario | undefined {
  let chosen: ArmedScenario | undefined;
  for (const scenario of armed) {
    if (!picks(scenario.definition, operationId, body)) continue;
    scenario.matched += 1;
    if (chosen === undefined && scenario.matched > (scenario.definition.after ?? 0) && remainingOf(scenario) > 0) {
      scenario.answered += 1;
      chosen = scenario;
    }
  }
  return chosen;
}

/** A scenario as listed. */
export function scenarioView(scenario: ArmedScenario): ScenarioView {
  const remaining = remainingOf(scenario);
  return { id: scenario.id, ...scenario.definition, matched: scenario.matched, answered: scenario.answered, remaining: remaining === Infinity ? 'every' : remaining };
}

export const scenarioLimitMessage = `At most ${scenarioLimit} scenarios can be armed at once (spent ones count until cleared); clear them with DELETE /sandbox/scenarios`;

export class ScenarioBook {
  private readonly byTenant = new Map<string, ArmedScenario[]>();
  private readonly counters = new Map<string, number>();

  /** The scenarios armed for an API key; undefined when none (the one look-up every call pays). */
  armedFor(apiKey: string): readonly ArmedScenario[] | undefined {
    return this.byTenant.get(apiKey);
  }

  arm(apiKey: string, definition: ScenarioDefinition): ScenarioView {
    const armed = this.byTenant.get(apiKey) ?? [];
    if (armed.length >= scenarioLimit) throw new ScenarioLimitError(scenarioLimitMessage);
    const next = (this.counters.get(apiKey) ?? 0) + 1;
    this.counters.set(apiKey, next);
    const scenario: ArmedScenario = { id: `scenario-${next}`, definition: structuredClone(definition), matched: 0, answered: 0 };
    armed.push(scenario);
    this.byTenant.set(apiKey, armed);
    return this.view(scenario);
  }

  list(apiKey: string): ScenarioView[] {
    return (this.byTenant.get(apiKey) ?? []).map((scenario) => this.view(scenario));
  }

  /** Disarms one scenario; false when the API key has none of that id. */
  disarm(apiKey: string, id: string): boolean {
    const armed = this.byTenant.get(apiKey);
    const index = armed?.findIndex((scenario) => scenario.id === id) ?? -1;
    if (index === -1) return false;
    armed!.splice(index, 1);
    if (armed!.length === 0) this.byTenant.delete(apiKey);
    return true;
  }

  /** Disarms every scenario of an API key (ids start again from 1). */
  clear(apiKey: string): void {
    this.byTenant.delete(apiKey);
    this.counters.delete(apiKey);
  }

  clearAll(): void {
    this.byTenant.clear();
    this.counters.clear();
  }

  /** The scenario that answers this call, if any: every armed one that picks it counts it, the first that is due answers it. */
  answerFor(apiKey: string, operationId: string, body: unknown): ArmedScenario | undefined {
    const armed = this.byTenant.get(apiKey);
    return armed === undefined ? undefined : countCall(armed, operationId, body);
  }

  private view(scenario: ArmedScenario): ScenarioView {
    return scenarioView(scenario);
  }
}
