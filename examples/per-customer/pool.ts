/** Bounded concurrency: runs a task per item with at most `size` of them at once. */

/**
 * Calls `task` for every item, `size` at a time at most, in the items' order; resolves once all have settled.
 * A task that throws does not stop the others (report failures through the task's own result).
 */
export async function inPool<T>(items: readonly T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, worker));
}
