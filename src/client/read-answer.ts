// How openapi-fetch (parseAs "json", its default) reads an answer into `{ data, error, response }`,
// for the client's path without middleware, which sends through fetch itself (see create-client.ts).
// tests/client/read-answer.test.ts checks it against openapi-fetch's own result for every
// combination of status, declared length, chunking and body that matters to it.

/** `{ data, error, response }` as openapi-fetch returns it. */
export type Answer = { data?: unknown; error?: unknown; response: Response };

export async function readAnswer(response: Response): Promise<Answer> {
  const contentLength = response.headers.get('content-length');
  // No body to read: no content, or an explicit zero length that is not chunked.
  if (response.status === 204 || (contentLength === '0' && !response.headers.get('transfer-encoding')?.includes('chunked'))) {
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  }
  if (response.ok) {
    if (contentLength) return { data: await response.json(), response };
    // Without a declared length the body may be empty, which is no data rather than a JSON error.
    const raw = await response.text();
    return { data: raw ? JSON.parse(raw) : undefined, response };
  }
  // An error body is JSON when it parses, and its text otherwise.
  const text = await response.text();
  try {
    return { error: JSON.parse(text), response };
  } catch {
    return { error: text, response };
  }
}
