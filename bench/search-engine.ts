/**
 * `npm run bench:search-engine`: the in-memory search alone, in this process, at 100,000, 1,000,000 and 5,000,000
 * stones (BENCH_SIZES): how its load time, its memory and a unique search's cost grow with the inventory. No server,
 * no database: the generated stones go straight into the store, as the search's thread holds them. Times are
 * per search on one thread; CPU time is reported beside wall time, so a busy machine shows as the gap between them.
 *
 * A second table times what the price insight costs the same thread (decision 017): the price bands of a results
 * page (20 stones) and the value chart of a unique search, each the first time after a change to every slice (the
 * slices' medians counted) and once they are kept.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseDiamondSearch } from '@everstone/contract';
import { generateDiamonds, runEngineSearch, runSimilar, runValueChart, StoneStore, toConditions, toSortOrder, toStoneChunk, ValueCache } from '@everstone/server/tools';
import { uniqueSearches } from './mix.ts';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000,5000000').split(',').map(Number);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 5000);

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const cpuMs = () => process.cpuUsage().user / 1000;

function searchesOf(seed: number) {
  const next = uniqueSearches(seed);
  return Array.from({ length: SEARCHES }, () => {
    const parsed = parseDiamondSearch(new URL(next(), 'http://x').searchParams);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const s = parsed.value;
    return { conditions: toConditions(s), order: toSortOrder(s.sort), offset: (s.page - 1) * s.perPage, limit: s.perPage };
  });
}

const insight: string[] = [];
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`);
console.log('| Stones | Load (wall / CPU) | Memory (typed arrays + heap) | Unique search p50 | p95 | p99 | mean (CPU) |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const size of SIZES) {
  const store = new StoneStore({ nullsFirst: true });
  const wall = performance.now();
  const cpu = cpuMs();
  store.beginLoad(size);
  let id = 0;
  let batch = [];
  for (const row of generateDiamonds({ count: size, seed: 1 })) {
    batch.push({ ...row, id: ++id, status: undefined });
    if (batch.length === 50_000) {
      store.append(toStoneChunk(batch as never));
      batch = [];
    }
  }
  if (batch.length > 0) store.append(toStoneChunk(batch as never));
  // Generating the stones is not the search's work: only appending and building are timed from here.
  const built = { wall: performance.now(), cpu: cpuMs() };
  store.finishLoad();
  const load = { wall: performance.now() - built.wall, cpu: cpuMs() - built.cpu };
  void wall;
  void cpu;
  globalThis.gc?.();
  const memory = process.memoryUsage();
  const searches = searchesOf(size);
  for (const s of searches.slice(0, 500)) runEngineSearch(store, s); // the compiler's warm-up, not a cache: nothing is kept
  const times: number[] = [];
  const startCpu = cpuMs();
  for (const s of searchesOf(size + 1)) {
    const t = performance.now();
    runEngineSearch(store, s);
    times.push(performance.now() - t);
  }
  const meanCpu = (cpuMs() - startCpu) / times.length;
  times.sort((a, b) => a - b);
  const mb = (x: number) => `${Math.round(x / 2 ** 20)} MB`;
  console.log(
    `| ${size.toLocaleString('en-US')} | ${(load.wall / 1000).toFixed(1)} s / ${(load.cpu / 1000).toFixed(1)} s | ${mb(memory.arrayBuffers)} + ${mb(memory.heapUsed)} | ${percentile(times, 0.5).toFixed(2)} ms | ${percentile(times, 0.95).toFixed(2)} ms | ${percentile(times, 0.99).toFixed(2)} ms | ${meanCpu.toFixed(2)} ms |`,
  );

  // Bands: 20 stones drawn at random, as a results page asks, each in a slice not counted before.
  const cache = new ValueCache();
  const bandCold: number[] = [];
  const bandWarm: number[] = [];
  for (let k = 0; k < 300; k++) {
    const ids = Array.from({ length: 20 }, (_, i) => 1 + ((k * 7919 + i * 104_729) % size));
    cache.clear();
    let t = performance.now();
    runSimilar(store, cache, ids, 0);
    bandCold.push(performance.now() - t);
    t = performance.now();
    runSimilar(store, cache, ids, 0);
    bandWarm.push(performance.now() - t);
  }
  // Charts: unique searches; a fresh cache stands for the first chart after a change to every slice.
  const cold: number[] = [];
  const warm: number[] = [];
  for (const s of searchesOf(size + 2).slice(0, 100)) {
    let t = performance.now();
    cache.clear();
    runValueChart(store, cache, s.conditions, 800, 10);
    cold.push(performance.now() - t);
    t = performance.now();
    runValueChart(store, cache, s.conditions, 800, 10);
    warm.push(performance.now() - t);
  }
  const line = (xs: number[]) => {
    xs.sort((a, b) => a - b);
    return `${percentile(xs, 0.5).toFixed(1)} / ${percentile(xs, 0.95).toFixed(1)} ms`;
  };
  insight.push(`| ${size.toLocaleString('en-US')} | ${line(bandCold)} | ${line(bandWarm)} | ${line(cold)} | ${line(warm)} |`);
}
console.log('');
console.log('| Stones | Bands of 20 stones, slices counted p50 / p95 | kept p50 / p95 | Value chart, medians counted p50 / p95 | kept p50 / p95 |');
console.log('|---:|---:|---:|---:|---:|');
for (const line of insight) console.log(line);
