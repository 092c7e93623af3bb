// The texts the command line prints: usage, the list of operations and one operation's help.
import type { Schema } from '../spec/openapi.ts';
import type { Operation } from './spec.ts';
import { defaultSandboxUrl } from './target.ts';

/** The one line a refused argument is answered with. */
export const usageLine = 'wallet-api <operationId> [options], wallet-api list or wallet-api --help';

export const usage = `Usage: wallet-api <operationId> [--path name=value]… [--query name=value]… [--body JSON | --body @file.json] [options]
       wallet-api list
       wallet-api <operationId> --help

Calls one operation of the Wallet, Payout and Swap API through the typed client: signed,
timed out, and the answer checked to be the {status, message, data} envelope.

Target (default: the local sandbox at ${defaultSandboxUrl} with its demo credentials):
  --base-url URL          a local sandbox or mock (a loopback address only)
  --env staging|production  the address in WALLET_API_BASE_URL
  (neither: WALLET_API_ENVIRONMENT=staging|production is that --env; custom, the
  loopback address in WALLET_API_BASE_URL)
Credentials: WALLET_API_KEY, and WALLET_API_SIGNING_SECRET or WALLET_API_SIGNER_MODULE
(a module exporting a Signer as default or as "signer").

Options:
  --only-data             print only the envelope's data (for jq)
  --verbose               also print the request line, the status and the time (key and signature redacted)
  --timeout MS            timeout of the call in milliseconds (default 30000)
  --confirm-production    required for any POST to production
  --record FILE.har       append the exchange to a HAR 1.2 file, secrets and personal
                          identifiers redacted (see docs/release-checks.md)
  --drift report|strict   check the answer against the spec: each finding (a field,
                          value or shape the spec leaves open, or a contradiction of it)
                          on stderr; strict also fails the call on a contradiction
  -h, --help              this text, or an operation's parameters with <operationId> --help

Exit codes: 0 success; 1 an error envelope, or under --drift strict an answer that
contradicts the spec; 2 usage or configuration (nothing sent); 3 network failure, timeout
or an answer that is not an envelope; 4 the call was made but --record could not write it.
`;

/** "GET /api/v1/wallets": the method as HTTP writes it. */
const requestLine = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(1, width - text.length));

export function listText(operations: Operation[]): string {
  const idWidth = Math.max(...operations.map((op) => op.operationId.length)) + 2;
  const pathWidth = Math.max(...operations.map((op) => requestLine(op).length)) + 2;
  return operations.map((op) => `${pad(op.operationId, idWidth)}${pad(requestLine(op), pathWidth)}${op.summary}`).join('\n') + '\n';
}

/** "number > 0", "integer ≥ 1", "string, at most 80 characters" … from the schema. */
export function typeText(schema: Schema): string {
  const type = Array.isArray(schema.type) ? (schema.type as string[]).join(' | ') : typeof schema.type === 'string' ? schema.type : 'any';
  const limits = [
    typeof schema.minimum === 'number' ? `≥ ${schema.minimum}` : '',
    typeof schema.exclusiveMinimum === 'number' ? `> ${schema.exclusiveMinimum}` : '',
    typeof schema.maximum === 'number' ? `≤ ${schema.maximum}` : '',
    typeof schema.exclusiveMaximum === 'number' ? `< ${schema.exclusiveMaximum}` : '',
    typeof schema.minLength === 'number' ? `at least ${schema.minLength} characters` : '',
    typeof schema.maxLength === 'number' ? `at most ${schema.maxLength} characters` : '',
    typeof schema.pattern === 'string' ? `matching ${schema.pattern}` : '',
    Array.isArray(schema.enum) ? `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}` : '',
  ].filter(Boolean);
  return limits.length > 0 ? `${type} ${limits.join(', ')}` : type;
}

function describe(description: string, unpublished: string | undefined): string {
  const parts = [description.replace(/\s+/g, ' ').trim(), unpublished ? `Not published: ${unpublished}` : ''].filter(Boolean);
  return parts.join(' ');
}

export function operationHelp(op: Operation): string {
  const lines = [`${op.operationId}: ${op.summary}`, requestLine(op)];
  if (op.unpublished) lines.push(`Not published: ${op.unpublished}`);
  const parameters = op.parameters.map((p) => ({
    flag: `--${p.in} ${p.name}=<${typeText(p.schema)}>`,
    mark: p.required ? 'required' : 'optional',
    text: describe(p.description, p.unpublished ?? (p.schema['x-undocumented'] as string | undefined)),
  }));
  lines.push('', 'Parameters:');
  if (parameters.length === 0) lines.push('  (none)');
  for (const p of parameters) lines.push(`  ${p.flag} (${p.mark})`, ...(p.text ? [`      ${p.text}`] : []));
  if (op.body) {
    const schema = op.body.schema;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    lines.push('', `Body (--body JSON or --body @file.json, ${op.body.required ? 'required' : 'optional'}):${schema.description ? ` ${describe(String(schema.description), undefined)}` : ''}`);
    if (schema['x-undocumented']) lines.push(`  Not published: ${schema['x-undocumented'] as string}`);
    for (const [name, field] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
      lines.push(`  ${name}: ${typeText(field)} (${required.has(name) ? 'required' : 'optional'})`);
      const text = describe(String(field.description ?? ''), field['x-undocumented'] as string | undefined);
      if (text) lines.push(`      ${text}`);
    }
    if (schema.additionalProperties === false) lines.push('  No other fields are accepted.');
  }
  return `${lines.join('\n')}\n`;
}
