// Answers questions about the discovery data: which asset a coin or wallet token names,
// which networks it has, which market prices a pair. Lookups are prepared once.
import type { AssetData, MarketData, NetworkData, SandboxData } from './data.ts';

export type PairMarket = { name: string; market: MarketData; direction: 'sellBase' | 'buyBase' };

export class Catalog {
  private readonly byCode = new Map<string, AssetData>();
  private readonly byReference = new Map<string, AssetData>();

  constructor(readonly data: SandboxData) {
    for (const asset of data.assets) {
      this.byCode.set(asset.code, asset);
      for (const reference of [asset.code, ...asset.aliases]) this.byReference.set(reference, asset);
    }
  }

  get assets(): AssetData[] {
    return this.data.assets;
  }

  /** The asset of a coin code (usdt), exactly as discovered. */
  asset(code: string): AssetData | undefined {
    return this.byCode.get(code);
  }

  /** The asset a wallet token names: its code or one of its aliases (bitcoin, naira). */
  assetForToken(token: string): AssetData | undefined {
    return this.byReference.get(token);
  }

  network(asset: AssetData, chain: string): NetworkData | undefined {
    return asset.networks.find((n) => n.reference === chain);
  }

  /** The market that prices from → to, in either direction, or undefined. */
  marketFor(from: string, to: string): PairMarket | undefined {
    const direct = this.data.markets[from + to];
    if (direct && direct.base === from) return { name: from + to, market: direct, direction: 'sellBase' };
    const inverse = this.data.markets[to + from];
    if (inverse && inverse.base === to) return { name: to + from, market: inverse, direction: 'buyBase' };
    return undefined;
  }

  /** Every pair that can be swapped, both directions of every market. */
  swapPairs(): { from: string; to: string; market: string }[] {
    return Object.entries(this.data.markets).flatMap(([name, m]) => [
      { from: m.base, to: m.quote, market: name },
      { from: m.quote, to: m.base, market: name },
    ]);
  }
}
