// The drift watch's reading of one answer: the validators generated from the spec at build
// time (generated/drift-validators.js, no validator library) run through the same reading
// as `npm run learn` (packages/sdk/src/spec/answer-reading.ts), and each departure becomes an event that
// carries no value of the answer but a new state's. The events are raw here: watch.ts puts
// each through the privacy policy before anyone sees it.
import { answers, type Validator } from '../../../../../generated/drift-validators.js';
import { jsonType, readAnswer, shapeOf, type AnswerChecks, type Deviation, type OperationChecks, type SchemaCheck } from '../../spec/answer-reading.ts';
import type { DriftEvent } from './types.ts';

const noViolations: readonly never[] = [];

function checkOf(validator: Validator): SchemaCheck {
  return (body) => (validator(body) ? noViolations : (validator.errors ?? noViolations));
}

type OperationReading = { operationId: string; checks: OperationChecks };

/** Per operation, its checks, built on first use. */
const readings = new Map<string, OperationReading>();

function readingOf(operation: string): OperationReading | undefined {
  let reading = readings.get(operation);
  if (reading === undefined) {
    const generated = answers[operation];
    if (generated === undefined) return undefined;
    const responses = Object.fromEntries(Object.entries(generated.responses).map(([key, { published, detection }]) => [key, { published: checkOf(published), detection: checkOf(detection) }]));
    reading = { operationId: generated.operationId, checks: { responses, layout: generated } };
    readings.set(operation, reading);
  }
  return reading;
}

/**
 * The findings on one answer of `operation` (`METHOD /path/template`): `body` is its parsed
 * JSON, `notJson`, or undefined when empty; `retryAfter` its Retry-After header. The one
 * answer reading (packages/sdk/src/spec/answer-reading.ts) decides, as it does for `npm run learn`:
 * error answers are held to their published schema, and answers the provider did not
 * decide on (throttled, a server error, a redirect) are inconclusive, never contradictions.
 */
export function readDrift(operation: string, status: number, body: unknown, retryAfter?: string): DriftEvent[] {
  const reading = readingOf(operation);
  if (reading === undefined) return [];
  const base = { operation, operationId: reading.operationId, status };
  return readAnswer({ status, body, retryAfter }, reading.checks).findings.map((deviation) => eventOf(base, deviation));
}

function eventOf(base: Pick<DriftEvent, 'operation' | 'operationId' | 'status'>, deviation: Deviation): DriftEvent {
  const event: DriftEvent = { ...base, class: deviation.class, kind: deviation.kind, pointer: deviation.pointer };
  if (deviation.class === 'inconclusive') {
    event.detail = deviation.detail;
    return event;
  }
  if (deviation.schema !== undefined) event.schema = deviation.schema;
  if (deviation.kind !== 'unpublished-shape' && deviation.field !== undefined) event.field = deviation.field;
  switch (deviation.kind) {
    case 'unknown-field':
      event.type = jsonType(deviation.value);
      break;
    case 'value-not-seen':
      // A state or a type, as a rule; the policy masks it when the field holds an identifier (watch.ts).
      event.value = String(deviation.value);
      break;
    case 'unpublished-shape':
      event.shape = shapeOf(deviation.value);
      break;
    default:
      event.detail = deviation.detail;
  }
  return event;
}
