// Recorded traffic as the report reads it: HAR 1.2 files (what browsers, Redocly's drift and
// proxy, Optic and this kit's recorder write), each entry one exchange. Only the fields the
// report needs are read; a file that is not HAR is refused with its name.
import { readFileSync } from 'node:fs';
import type { Exchange } from './findings.ts';

type HarEntry = {
  request?: { method?: unknown; url?: unknown };
  response?: { status?: unknown; content?: { text?: unknown; encoding?: unknown } };
  /** The deliberately wrong request this entry answers, when a probe sent it. */
  _probe?: unknown;
};

/** The exchanges of one HAR file, in the order recorded. */
export function readHarExchanges(file: string, text: string = readFileSync(file, 'utf8')): Exchange[] {
  let har: unknown;
  try {
    har = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON, so not a HAR file`);
  }
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new Error(`${file} is not a HAR file: it has no log.entries list`);
  return (entries as HarEntry[]).map((entry, index) => {
    const method = entry.request?.method;
    const url = entry.request?.url;
    const status = entry.response?.status;
    if (typeof method !== 'string' || typeof url !== 'string' || typeof status !== 'number') {
      throw new Error(`${file} entry ${index} has no request method and URL or no response status`);
    }
    const content = entry.response?.content;
    const raw = typeof content?.text === 'string' ? content.text : undefined;
    const responseText = raw !== undefined && content?.encoding === 'base64' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    return { source: { file, entry: index }, method, url, status, responseText, ...(typeof entry._probe === 'string' ? { probe: entry._probe } : {}) };
  });
}
