// The request target (path and query) a server receives for a URL: what WHATWG URL parsing,
// which fetch applies, makes of it. Every attempt signs it. Parsing a whole URL costs more
// than the rest of preparing a call, and the URLs the client builds are nearly always in
// the form parsing leaves unchanged, so such a URL is read as it is and any other is parsed.

/** An authority parsing leaves in place: host (name, IPv4 or [IPv6]) and port, nothing else. */
const plainAuthority = /^[A-Za-z0-9.\-:[\]]+$/;
/** Characters parsing keeps as they are in a path and a query (no space, ", #, ', <, >, \, ^, `, {, |, }, controls). */
const keptAsIs = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;
/** Parsing resolves dot segments ("." or "%2e" opening a segment) and drops an empty query. */
const rewritten = /\/(?:\.|%2e)|\?$/i;

/** The path and query of `url` when parsing would not change them, else undefined. */
export function unparsedRequestTarget(url: string): string | undefined {
  const authorityStart = url.indexOf('://') + 3;
  const pathStart = url.indexOf('/', authorityStart);
  if (authorityStart < 3 || pathStart === -1 || !plainAuthority.test(url.slice(authorityStart, pathStart))) return undefined;
  const target = url.slice(pathStart);
  return keptAsIs.test(target) && !rewritten.test(target) ? target : undefined;
}

/** The path and query the server will see on the request line for `url`. */
export function requestTarget(url: string): string {
  const target = unparsedRequestTarget(url);
  if (target !== undefined) return target;
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
