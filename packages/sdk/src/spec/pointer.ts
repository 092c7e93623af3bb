// JSON-pointer segments (RFC 6901), for pointers into the spec. No dependencies, so the
// command line in the SDK package can use it as well as the spec tools. Almost no segment
// needs escaping, and String#replaceAll costs some ten times an `includes` test, so each
// checks first: the traffic report reads several segments per field of every answer.

/** Escapes one segment of a JSON pointer. */
export function pointerSegment(segment: string): string {
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The key an escaped JSON-pointer segment names, the reverse of pointerSegment. */
export function pointerKey(segment: string): string {
  if (!segment.includes('~')) return segment;
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}
