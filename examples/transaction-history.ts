import type { Transaction, WalletApiClient } from '@wallet-api/sdk';

/**
 * The whole transaction history, newest first, walking every page. Records created while
 * the walk runs push older ones one place down, so a record at the end of one page can
 * come again at the start of the next: skip the ones already seen. The new records
 * themselves are not in this walk (they are on page 1, already read); the next one has them.
 */
export async function transactionHistory(client: WalletApiClient, signal?: AbortSignal): Promise<Transaction[]> {
  const seen = new Set<string>();
  const history: Transaction[] = [];
  for await (const transaction of client.listTransactions.paginate({ limit: 50 }, { maxPages: 200, signal })) {
    if (seen.has(transaction._id)) continue;
    seen.add(transaction._id);
    history.push(transaction);
  }
  return history;
}

/** Whole pages, for progress reports: "page 2 of 7 (312 transactions)". */
export async function reportPages(client: WalletApiClient, report: (line: string) => void): Promise<void> {
  for await (const page of client.listTransactions.paginate({ limit: 50 }).pages()) {
    report(`page ${page.page} of ${page.pages} (${page.total} transactions)`);
  }
}
