// The checks the answer reading (answer-reading.ts) runs, built with Ajv from a document:
// what `npm run learn` and `npm run contract -- --strict` read answers with. The drift watch
// reads with the same checks compiled ahead of time (generated/drift-validators.js, from
// tools/codegen/drift-validators.ts), so that the SDK ships no validator library.
import { answerRecords } from '../../packages/sdk/src/spec/record-locations.ts';
import type { AnswerChecks, OperationChecks } from '../../packages/sdk/src/spec/answer-reading.ts';
import { listOperations, type OpenApiDocument, type OperationEntry } from '../../packages/sdk/src/spec/openapi.ts';
import { detectionReading } from './strict-reading.ts';
import { responseSchemaPointerFor, SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';

export class SpecAnswerChecks {
  private readonly published: SpecValidator;
  private readonly detection: SpecValidator;
  private readonly byOperation = new Map<string, OperationChecks>();

  /**
   * `document`: the published spec the answers are held to, read for learnings against its
   * detection reading, or against `detection` when another (`contract --strict` reads for
   * the fields of closed records only, against the strict reading).
   */
  constructor(
    readonly document: OpenApiDocument,
    detection: OpenApiDocument = detectionReading(document),
  ) {
    this.published = new SpecValidator(document);
    this.detection = new SpecValidator(detection);
  }

  /** One operation's checks, built on first use: success answers against both readings, error answers against the published one only. */
  of(entry: OperationEntry): OperationChecks {
    let checks = this.byOperation.get(entry.operationId);
    if (checks === undefined) {
      const responses: Record<string, AnswerChecks> = {};
      for (const [key, response] of Object.entries(entry.operation.responses)) {
        const pointer = responseSchemaPointerFor(entry.method, entry.path, key, response);
        const published = (value: unknown) => this.published.errorsAt(pointer, value);
        responses[key] = { published, detection: key.startsWith('2') ? (value) => this.detection.errorsAt(pointer, value) : published };
      }
      const { objects, unpublished } = answerRecords(this.document, entry.operationId);
      checks = { responses, layout: { objects, unpublished } };
      this.byOperation.set(entry.operationId, checks);
    }
    return checks;
  }

  /** The checks of the operation with this id. */
  ofOperation(operationId: string): OperationChecks {
    const entry = listOperations(this.document).find((candidate) => candidate.operationId === operationId);
    if (entry === undefined) throw new Error(`the spec has no operation ${operationId}`);
    return this.of(entry);
  }
}
