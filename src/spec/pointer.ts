// JSON-pointer segments (RFC 6901), for pointers into the spec. No dependencies, so the
// command line in the SDK package can use it as well as the spec tools.

/** Escapes one segment of a JSON pointer. */
export function pointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The key an escaped JSON-pointer segment names, the reverse of pointerSegment. */
export function pointerKey(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}
