// Runs tasks with a bounded number in flight. Every task is awaited before the pool
// settles, so no request is still running when a failure is reported; the first failure
// is the one reported.

export async function runPool<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && !failure) {
        const index = next++;
        try {
          await task(items[index]!, index);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw failure.error;
}
