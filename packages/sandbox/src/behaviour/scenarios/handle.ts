// Failure scenarios armed from Node, without a request: `startSandbox().scenarios` and the
// in-process handlers' `scenarios`. A definition is checked by the same schema as the
// /sandbox/scenarios route's body and refused with the same words.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createSpecAjv, describeSchemaError, type SchemaError } from '../../spec/ajv.ts';
import type { ScenarioBook, ScenarioView } from './book.ts';
import type { ScenarioStore } from '../../store/store.ts';
import { scenarioSchema, type ScenarioDefinition } from './definition.ts';

export type { ScenarioDefinition, ScenarioView };

export type ScenarioHandle = {
  /**
   * Arms a scenario for an API key (default: the sandbox's only API key) and returns it as
   * listed. Throws, naming the field, on a bad definition or past the limit.
   */
  arm(definition: ScenarioDefinition, apiKey?: string): ScenarioView;
  /** The scenarios armed for an API key (default: the only one), spent ones included. */
  list(apiKey?: string): ScenarioView[];
  /** Disarms the scenarios of an API key; of every API key when none is named. */
  clear(apiKey?: string): void;
};

/** The same handle over a shared store (PostgreSQL): each method answers once the store has. */
export type SharedScenarioHandle = {
  arm(definition: ScenarioDefinition, apiKey?: string): Promise<ScenarioView>;
  list(apiKey?: string): Promise<ScenarioView[]>;
  clear(apiKey?: string): Promise<void>;
};

/** The definition's validator for each list of operations, compiled once per process, not once per sandbox. */
const definitionValidators = new Map<string, ValidateFunction>();

function definitionValidator(operationIds: readonly string[]): ValidateFunction {
  const key = JSON.stringify(operationIds);
  let validate = definitionValidators.get(key);
  if (!validate) {
    validate = createSpecAjv().compile(scenarioSchema(operationIds));
    definitionValidators.set(key, validate);
  }
  return validate;
}

/** Checks a definition and names the API key meant, as every handle does. */
function handleChecks(apiKeys: readonly string[], operationIds: readonly string[]) {
  const validate = definitionValidator(operationIds);
  const keyOf = (apiKey: string | undefined): string => {
    if (apiKey !== undefined) {
      if (!apiKeys.includes(apiKey)) throw new Error('Unknown API key: the sandbox serves no such key');
      return apiKey;
    }
    if (apiKeys.length !== 1) throw new Error(`Name the API key: the sandbox serves ${apiKeys.length}`);
    return apiKeys[0]!;
  };
  const check = (definition: ScenarioDefinition) => {
    if (!validate(definition)) {
      const errors = (validate.errors ?? []) as SchemaError[];
      throw new Error(`Invalid scenario: ${[...new Set(errors.filter((e) => e.keyword !== 'if').map((e) => describeSchemaError(e, 'scenario')))].join('; ')}`);
    }
  };
  return { keyOf, check };
}

export function scenarioHandle(book: ScenarioBook, apiKeys: readonly string[], operationIds: readonly string[]): ScenarioHandle {
  const { keyOf, check } = handleChecks(apiKeys, operationIds);
  return {
    arm(definition, apiKey) {
      const key = keyOf(apiKey);
      check(definition);
      return book.arm(key, definition);
    },
    list: (apiKey) => book.list(keyOf(apiKey)),
    clear: (apiKey) => (apiKey === undefined ? book.clearAll() : book.clear(keyOf(apiKey))),
  };
}

export function sharedScenarioHandle(store: ScenarioStore, apiKeys: readonly string[], operationIds: readonly string[]): SharedScenarioHandle {
  const { keyOf, check } = handleChecks(apiKeys, operationIds);
  return {
    async arm(definition, apiKey) {
      const key = keyOf(apiKey);
      check(definition);
      return store.arm(key, definition);
    },
    list: async (apiKey) => store.list(keyOf(apiKey)),
    clear: async (apiKey) => (apiKey === undefined ? store.clearAll() : store.clear(keyOf(apiKey))),
  };
}

/** Arms the scenarios given at start for every API key; a bad one is refused naming its place in the list. */
export function armScenarios(handle: ScenarioHandle, definitions: readonly ScenarioDefinition[] = [], apiKeys: readonly string[]): void {
  definitions.forEach((definition, index) => {
    try {
      for (const apiKey of apiKeys) handle.arm(definition, apiKey);
    } catch (error) {
      throw new Error(`scenarios[${index}]: ${(error as Error).message}`);
    }
  });
}
