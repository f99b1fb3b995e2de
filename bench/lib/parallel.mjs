/** Runs `work` over `items`, `parallel` at a time; the results in the items' order. */
export async function eachParallel(items, parallel, work) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}
