// Recorded traffic as the report reads it: HAR 1.2 files (what this kit's command line
// recorder, browsers, Redocly's drift and proxy and Optic write), or HAR entries as JSON lines
// (what the SDK's `recordTraffic` appends), each entry one exchange. The file is parsed and
// refused as the recorders' writers would refuse it (src/traffic/har-file.ts).
import { readFileSync } from 'node:fs';
import { parseHarEntries } from '../traffic/har-file.ts';
import type { HarEntry } from '../traffic/har.ts';
import type { Exchange } from './findings.ts';

/** An entry with the fields a probe adds: what deliberately wrong request it is (src/learn/findings.ts, `probe`). */
type ProbedEntry = HarEntry & { _probe?: unknown; response: HarEntry['response'] & { content: { encoding?: unknown } } };

/** The exchanges of one HAR file (or JSON-lines file of HAR entries), in the order recorded. */
export function readHarExchanges(file: string, text: string = readFileSync(file, 'utf8')): Exchange[] {
  return (parseHarEntries(text, file) as ProbedEntry[]).map((entry, index) => {
    const { method, url } = entry.request;
    const { status, content } = entry.response;
    if (typeof method !== 'string' || typeof url !== 'string' || typeof status !== 'number') {
      throw new Error(`${file} entry ${index} has no request method and URL or no response status`);
    }
    const raw = typeof content?.text === 'string' ? content.text : undefined;
    const responseText = raw !== undefined && content.encoding === 'base64' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    return {
      source: { file, entry: index },
      method,
      url,
      status,
      responseText,
      ...(typeof entry.startedDateTime === 'string' ? { startedDateTime: entry.startedDateTime } : {}),
      ...(typeof entry._probe === 'string' ? { probe: entry._probe } : {}),
    };
  });
}
