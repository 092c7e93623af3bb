// Recorded traffic as the report reads it: HAR 1.2 files (what this kit's command line
// recorder, browsers, Redocly's drift and proxy and Optic write), or HAR entries as JSON lines
// (what the SDK's `recordTraffic` appends), each entry one exchange. The file is parsed and
// refused as the recorders' writers would refuse it (src/traffic/har-file.ts).
// A file another tool recorded may hold its requests unredacted: what each request carried in
// protected fields is read from it (`carried`), so the report masks wherever an answer
// echoes it. The kit's own HAR recordings were redacted when written, and carry nothing;
// JSON lines name no creator, so their requests are read for what they carry all the same
// (a mask read as a carried value masks only its own copies again).
import { readFileSync } from 'node:fs';
import { defaultPolicy, type PrivacyPolicy } from '../privacy/index.ts';
import { parseHarEntries } from '../traffic/har-file.ts';
import type { HarEntry } from '../traffic/har.ts';
import type { ReportedExchange } from './report.ts';

/** An entry with the fields a probe adds: what deliberately wrong request it is (src/learn/findings.ts, `probe`). */
type ProbedEntry = HarEntry & { _probe?: unknown; response: HarEntry['response'] & { content: { encoding?: unknown } } };

/** The exchanges of one HAR file (or JSON-lines file of HAR entries), in the order recorded. */
export function readHarExchanges(file: string, text: string = readFileSync(file, 'utf8'), policy: PrivacyPolicy = defaultPolicy): ReportedExchange[] {
  const { entries, creator } = parseHarEntries(text, file);
  const redactedWhenWritten = creator === kitRecorder;
  return (entries as ProbedEntry[]).map((entry, index) => {
    const { method, url } = entry.request;
    const { status, content, headers } = entry.response;
    if (typeof method !== 'string' || typeof url !== 'string' || typeof status !== 'number') {
      throw new Error(`${file} entry ${index} has no request method and URL or no response status`);
    }
    const raw = typeof content?.text === 'string' ? content.text : undefined;
    const responseText = raw !== undefined && content.encoding === 'base64' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    const retryAfter = Array.isArray(headers) ? (headers as { name?: unknown; value?: unknown }[]).find((header) => typeof header.name === 'string' && header.name.toLowerCase() === 'retry-after')?.value : undefined;
    return {
      source: { file, entry: index },
      method,
      url,
      status,
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
      responseText,
      ...(typeof entry.startedDateTime === 'string' ? { startedDateTime: entry.startedDateTime } : {}),
      ...(typeof entry._probe === 'string' ? { probe: entry._probe } : {}),
      ...(redactedWhenWritten ? {} : carriedOf(entry, policy)),
    };
  });
}

/** The creator name the kit's recorder writes (src/traffic/har-file.ts). */
const kitRecorder = 'wallet-api-kit';

function carriedOf(entry: HarEntry, policy: PrivacyPolicy): Pick<ReportedExchange, 'carried'> {
  const { url, postData, headers } = entry.request;
  const carried = policy.carriedBy({
    url: typeof url === 'string' ? url : undefined,
    body: typeof postData?.text === 'string' ? postData.text : undefined,
    headers: Array.isArray(headers) ? headers.filter((h) => typeof h?.name === 'string' && typeof h?.value === 'string').map((h) => [h.name, h.value]) : [],
    addedHeaders: ['x-api-key', 'x-signature'],
  });
  return carried.length > 0 ? { carried } : {};
}
