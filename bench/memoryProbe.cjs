// Preloaded into the site by the bench (node --expose-gc -r bench/memoryProbe.cjs): on SIGUSR2 it collects
// garbage twice, waits a second for the engine to give the freed pages back (read at once, RSS still
// counts them: ±50 MB between two readings of the same state) and writes the process's memory use as JSON to MEMORY_PROBE_FILE, and a heap snapshot into
// HEAP_SNAPSHOT_DIR when that is set, so that memory is compared after collection, not before.
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');

process.on('SIGUSR2', async () => {
  global.gc();
  global.gc();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const usage = process.memoryUsage();
  if (process.env.HEAP_SNAPSHOT_DIR) v8.writeHeapSnapshot(path.join(process.env.HEAP_SNAPSHOT_DIR, `site-${Date.now()}.heapsnapshot`));
  if (process.env.MEMORY_PROBE_FILE) fs.writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify(usage));
});
