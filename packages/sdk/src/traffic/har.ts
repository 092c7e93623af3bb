// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the parts this kit writes.
// The layout follows what `redocly proxy` writes and `redocly drift` reads (Redocly CLI
// 2.77 ships no types for it): headers and query parameters as {name, value} lists,
// bodies as UTF-8 text in postData.text and content.text (the API speaks JSON only, so
// nothing is base64-encoded), sizes of -1 where unknown and timings as send/wait/receive.
// Dependency-free: the SDK's command line ships it.

export type HarNameValue = { name: string; value: string };

export type HarPostData = { mimeType: string; text: string };

export type HarRequest = {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
};

export type HarContent = { size: number; mimeType: string; text?: string };

export type HarResponse = {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
};

export type HarTimings = { send: number; wait: number; receive: number };

export type HarEntry = {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: HarTimings;
  /** The spec operation the exchange exercised, when the recorder knows it (HAR allows `_` custom fields). */
  _operationId?: string;
  /** What deliberately wrong request it is, when a probe sent it: a refusal class, `timestampSkew:<seconds>`, … (tools/probe/plan.ts). */
  _probe?: string;
};

export type HarLog = { version: string; creator: { name: string; version: string }; entries: HarEntry[] };

export type Har = { log: HarLog };
