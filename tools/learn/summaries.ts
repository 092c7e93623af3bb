// One line of plain text per learned item, the way people read it: `Swap.rate: string, 3/3
// Swap records`. The report keeps it as each item's `summary` (JSON) and markdown.ts renders it.
import { displayField, type InconclusiveKind } from '../../packages/sdk/src/spec/answer-reading.ts';
import type { InconclusiveItem, LearnedItem } from './report-types.ts';

const inconclusiveWords: Record<InconclusiveKind, string> = { throttled: 'throttled', 'server-error': 'a server error', redirect: 'redirected', timeout: 'timed out' };

/** A skew as people read it: `−200 s`, `+45 s`. */
const signedSeconds = (seconds: number) => `${seconds < 0 ? '\u2212' : '+'}${Math.abs(seconds)} s`;

/** `inconclusive: throttled at −200 s, +450 s (listWallets, HTTP 429, 2 answers)`. */
export function summariseInconclusive(item: InconclusiveItem): string {
  const at = item.skews?.length ? ` at ${item.skews.map(signedSeconds).join(', ')}${item.skewsLeftOut ? ` and ${item.skewsLeftOut} more` : ''}` : '';
  const statuses = item.statuses.map((status) => (status === 0 ? 'no answer' : `HTTP ${status}`)).join(', ');
  return `inconclusive: ${inconclusiveWords[item.kind]}${at} (${item.operationId}${item.probe && !item.skews?.length ? `, ${item.probe}` : ''}, ${statuses}, ${item.count} answer${item.count === 1 ? '' : 's'})`;
}

/** `Swap.rate`, `Swap.network.fee`, `Swap["meta.version"]`: the field pointer as people read it. */
export function fieldName(item: { schema?: string | undefined; field?: string | undefined }): string {
  const field = displayField(item.field ?? '');
  return item.schema === undefined ? field : `${item.schema}${field.startsWith('[') ? '' : '.'}${field}`;
}

export function summarise(item: LearnedItem): string {
  const outOf = item.of === undefined ? `${item.seen}` : `${item.seen}/${item.of} ${item.schema} records`;
  switch (item.kind) {
    case 'unknown-field':
      return `${fieldName(item)}: ${Object.entries(item.types ?? {}).map(([type, n]) => (Object.keys(item.types!).length > 1 ? `${type} ×${n}` : type)).join(' | ')}, ${outOf}`;
    case 'value-not-seen':
      return `${fieldName(item)} = ${JSON.stringify(item.value)}, ${outOf}`;
    case 'unpublished-shape':
      return `${item.schema} (${item.operationId}): ${item.shape}, ${item.seen} answer${item.seen === 1 ? '' : 's'}`;
    case 'refusal':
      return `${item.operationId}${item.probe ? ` (${item.probe})` : ''}: HTTP ${item.status} ${JSON.stringify(item.message)}, ${item.seen} answer${item.seen === 1 ? '' : 's'}`;
    case 'accepted-probe':
      return `${item.operationId} (${item.probe}): let in, HTTP ${item.status}, ${item.seen} answer${item.seen === 1 ? '' : 's'}`;
    case 'timestamp-window': {
      const { acceptedUpTo, refusedFrom } = item.window!;
      const bounds = [acceptedUpTo === undefined ? undefined : `at least ±${acceptedUpTo} s`, refusedFrom === undefined ? undefined : `under ±${refusedFrom} s`].filter(Boolean).join(' and ');
      return `the accepted timestamp window is ${bounds} (${item.seen} skewed request${item.seen === 1 ? '' : 's'})`;
    }
  }
}

