// JSON.parse's complaint, without the fragment of the input Node quotes in it.
/**
 * Where JSON.parse failed, without the text it quotes: Node 20 and later put a fragment of
 * the input in the message (`Unexpected token 'h', "hunter2"... is not valid JSON`), and the
 * input may be a recorded value. The position is kept.
 */
export function jsonParseFault(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // "Expected ',' or '}' after property value in JSON at position 16" names no input; a
  // message with a quote in it ("Unexpected token 'h', "hunter2" is not valid JSON") does.
  if (!/["']/.test(message.replace(/'[,:{}[\]]'/g, ''))) return message;
  const position = /position (\d+)/.exec(message)?.[1];
  return position === undefined ? 'a character JSON does not allow' : `a character JSON does not allow at position ${position}`;
}
