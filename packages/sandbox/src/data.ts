// Discovery data of the sandbox (assets, networks, minimums, fees, markets), read from a
// JSON file so integrators can mirror their environment without touching code. The file
// is checked against a schema on load and cross-checked (markets name known assets), so
// a typo fails at start with a message instead of producing odd answers later.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JSONSchemaType } from 'ajv/dist/2020.js';
import { createSpecAjv } from './spec/ajv.ts';

export const defaultDataPath = fileURLToPath(new URL('./data.json', import.meta.url));

export type NetworkData = { reference: string; name: string };

export type AssetData = {
  /** Lower-case asset code used as coin and in market names (usdt, btc, ngn). */
  code: string;
  name: string;
  /** Other references accepted as a wallet token (bitcoin, naira). */
  aliases: string[];
  /** Address family of the asset's wallets (btc, evm, fiat). */
  chainType: string;
  minimumWithdrawal: number;
  withdrawalFee: number;
  networks: NetworkData[];
  /** Whether the asset is paid out to bank accounts (the NGN payout). */
  localPayout?: boolean;
};

export type MarketData = { base: string; quote: string; buy: string; sell: string; last: string };

export type SandboxData = {
  /** Fraction of the received amount kept as the swap fee (0.005 = 0.5 %). */
  swapFeeRate: number;
  assets: AssetData[];
  markets: Record<string, MarketData>;
};

const decimal = { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' } as const;
const code = { type: 'string', pattern: '^[a-z0-9]+$' } as const;

// Typed by the TS types above (Ajv's JSONSchemaType): a field added, renamed or made
// optional on one side and not the other fails `tsc`.
const dataSchema: JSONSchemaType<SandboxData> = {
  type: 'object',
  additionalProperties: false,
  required: ['swapFeeRate', 'assets', 'markets'],
  properties: {
    swapFeeRate: { type: 'number', minimum: 0, exclusiveMaximum: 1 },
    assets: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'name', 'aliases', 'chainType', 'minimumWithdrawal', 'withdrawalFee', 'networks'],
        properties: {
          code,
          name: { type: 'string', minLength: 1 },
          aliases: { type: 'array', items: code },
          chainType: code,
          minimumWithdrawal: { type: 'number', exclusiveMinimum: 0 },
          withdrawalFee: { type: 'number', minimum: 0 },
          networks: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['reference', 'name'],
              properties: { reference: code, name: { type: 'string', minLength: 1 } },
            },
          },
          // JSONSchemaType spells an optional property `nullable`; `not null` keeps null out.
          localPayout: { type: 'boolean', nullable: true, not: { type: 'null' } },
        },
      },
    },
    markets: {
      type: 'object',
      propertyNames: code,
      required: [],
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['base', 'quote', 'buy', 'sell', 'last'],
        properties: { base: code, quote: code, buy: decimal, sell: decimal, last: decimal },
      },
    },
  },
};

const validateData = createSpecAjv().compile<SandboxData>(dataSchema);

/** Checks parsed data; throws an Error naming every problem. */
export function checkData(value: unknown, source: string): SandboxData {
  if (!validateData(value)) {
    const problems = (validateData.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    throw new Error(`Sandbox data in ${source} is invalid: ${problems.join('; ')}`);
  }
  const problems: string[] = [];
  const codes = new Set<string>();
  for (const asset of value.assets) {
    for (const reference of [asset.code, ...asset.aliases]) {
      if (codes.has(reference)) problems.push(`asset reference "${reference}" is used twice`);
      codes.add(reference);
    }
  }
  const assetCodes = new Set(value.assets.map((a) => a.code));
  for (const [name, market] of Object.entries(value.markets)) {
    if (!assetCodes.has(market.base) || !assetCodes.has(market.quote)) problems.push(`market "${name}" names an unknown asset`);
    if (name !== market.base + market.quote) problems.push(`market "${name}" must be named base + quote ("${market.base}${market.quote}")`);
    if (Number(market.buy) <= 0 || Number(market.sell) <= 0) problems.push(`market "${name}" needs positive buy and sell prices`);
  }
  if (problems.length) throw new Error(`Sandbox data in ${source} is invalid: ${problems.join('; ')}`);
  return value;
}

/** Reads and checks the data file (default: data.json next to this module). */
export function loadData(path: string = defaultDataPath): SandboxData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Sandbox data in ${path} cannot be read: ${(error as Error).message}`);
  }
  return checkData(parsed, path);
}
