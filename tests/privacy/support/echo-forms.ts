// The forms a careless provider prints a carried value in, as real systems print them, and
// every way an integrator renders an error to a log. The forms are written from what systems
// do (a JSON number drops leading zeros, a bank prints an account number in groups, a form
// encodes `!'()~`), not from the policy: they are the test's oracle of what must not come out.
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import pino from 'pino';

/** Whether a value is an identifier as banks print them: letters and digits, at least half digits, no longer than an IBAN. */
export const identifierLike = (text: string) => {
  const bare = text.replace(/[ .-]/g, '');
  return /^[A-Za-z0-9]{1,34}$/.test(bare) && bare.replace(/[^0-9]/g, '').length * 2 >= bare.length;
};

const groups = (text: string, size: number, separator: string) => text.match(new RegExp(`.{1,${size}}`, 'g'))!.join(separator);

/** Every character but letters, digits and `-._` percent-encoded. */
const strict = (text: string) => encodeURIComponent(text).replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The forms of a carried value a provider may echo: as sent; as a JSON number when it is
 * digits (leading zeros dropped); for an identifier, with separators added (dashes, dots,
 * groups of four), removed, or changed; in a URL by encodeURIComponent, a form's encoding,
 * the strict encoding (`!'()*~` too) and twice.
 */
export function echoForms(text: string): { label: string; form: string }[] {
  const forms: { label: string; form: string }[] = [{ label: 'as sent', form: text }];
  if (/^\d+$/.test(text)) forms.push({ label: 'as a number', form: String(BigInt(text)) });
  if (identifierLike(text)) {
    const bare = text.replace(/[ .-]/g, '');
    forms.push({ label: 'without separators', form: bare }, { label: 'in groups of four', form: groups(bare, 4, ' ') }, { label: 'with dashes', form: groups(bare, 3, '-') }, { label: 'with dots', form: groups(bare, 2, '.') });
    if (/^\d+$/.test(bare) && bare.startsWith('0')) forms.push({ label: 'as a number, grouped', form: groups(String(BigInt(bare)), 3, ' ') });
  }
  forms.push(
    { label: 'encodeURIComponent', form: encodeURIComponent(text) },
    { label: 'form-encoded', form: new URLSearchParams([['v', text]]).toString().slice(2) },
    { label: 'strictly encoded', form: strict(text) },
    { label: 'encoded twice', form: encodeURIComponent(encodeURIComponent(text)) },
  );
  const seen = new Set<string>();
  return forms.filter(({ form }) => !seen.has(form) && seen.add(form));
}

/** A credential in the encodings credentials are shown in: its text in base64, base64url and hex, and a hex signature's bytes in base64. */
export function credentialForms(secret: string): string[] {
  const text = Buffer.from(secret, 'utf8');
  const forms = [text.toString('base64'), text.toString('base64url'), text.toString('hex')];
  if (/^(?:[0-9a-f]{2})+$/i.test(secret)) forms.push(Buffer.from(secret, 'hex').toString('base64'), Buffer.from(secret, 'hex').toString('base64url'));
  return forms;
}

/** What pino writes for `logger.error({ err }, …)`, and for `logger.error(err)`, with its standard `err` serializer. */
function pinoLines(error: Error): string {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ serializers: { err: pino.stdSerializers.err } }, stream);
  logger.error({ err: error }, 'call failed');
  logger.error(error);
  return lines.join('');
}

/** An error rendered every way an integrator logs one. */
export function errorRenderings(error: Error): Record<string, string> {
  return {
    message: error.message,
    'String()': String(error),
    toString: error.toString(),
    stack: error.stack ?? '',
    'JSON.stringify': JSON.stringify(error),
    'util.inspect': inspect(error, { depth: Infinity }),
    'util.inspect with showHidden and getters': inspect(error, { showHidden: true, getters: true, depth: Infinity }),
    spread: inspect({ ...error }, { depth: Infinity }),
    'spread as JSON': JSON.stringify({ ...error }),
    'Object.entries': inspect(Object.entries(error), { depth: Infinity }),
    "pino's err serializer": JSON.stringify(pino.stdSerializers.err(error)),
    'pino lines': pinoLines(error),
    'console-style format': inspect(error, { showHidden: true, depth: Infinity, colors: false, compact: false }),
  };
}
