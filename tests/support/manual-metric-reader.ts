// A metric reader that exports nothing by itself: a test calls `collect()` when it wants
// the measurements so far (sdk-metrics ships no such reader for tests; its MetricReader is abstract).
import { MetricReader } from '@opentelemetry/sdk-metrics';

export class ManualMetricReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}
