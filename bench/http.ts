/**
 * `npm run bench:http`: requests/s and latency of the pages a visitor asks
 * for, each next to a Fastify route answering a fixed 20 KB string measured in
 * the same run, in slices interleaved with the row's (the row's ceiling is the
 * static route's rate over them), on loopback, with autocannon in this process and the server
 * (bench/http-server.ts) in a child process, on a database another child
 * (bench/http-prepare.ts) filled first; each row also gives the server
 * process's CPU time per request. A shopper's page is measured twice: as the
 * shopper gets it (kept by what it reads of the cart, after the first) and
 * rendered every time (each request an address of its own). On the embedded
 * database by default, on PostgreSQL when DATABASE_URL is set (a database of
 * its own there, dropped at the end). Before the rows, the server's resident
 * memory after 10,000 requests over 1,000 distinct URLs (printed last).
 *
 * BENCH_CPU_PROF=<dir> runs the server with --cpu-prof into that folder;
 * BENCH_SECONDS, BENCH_ROUNDS and BENCH_WARMUP_SECONDS change the durations, BENCH_MEMORY=0
 * leaves the memory run out, BENCH_ROWS=<word,…> keeps only the rows whose
 * name holds one of the words (and the static route), BENCH_SERVER_FLAGS
 * gives the server's node more flags (to try V8's).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { CART_COOKIE } from '../api/cookie-names.ts';
import { CRUMB_COOKIE } from '../api/http/crumb.ts';
import { makeBenchDatabasePlace } from './bench-database.ts';

const STATIC = '/__bench/static-20kb';
const CONNECTIONS = 10;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Each row's SECONDS are measured in this many slices, each beside a slice of the static route. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** What issue 17 asks of a page a shopper sees, against the static route of the same run. */
const TARGET = { ratio: 0.25, p99Ms: 50 };
const CACHED_TARGET = 0.9;
const MEMORY_REQUESTS = 10_000;
const MEMORY_URLS = 1_000;
const MEMORY_LIMIT_MB = 300;

// Filled by one process and served by another, as a restart of `npm start` finds its database.
const place = await makeBenchDatabasePlace('bench_http', { onDisk: true });
const databaseArg = JSON.stringify(place.config);
const prepare = spawn(process.execPath, [new URL('./http-prepare.ts', import.meta.url).pathname, databaseArg], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [prepared] = (await once(createInterface({ input: prepare.stdout! }), 'line')) as [string];
const { cartId } = JSON.parse(prepared) as { cartId: string };
if ((await once(prepare, 'exit'))[0] !== 0) throw new Error('bench/http-prepare.ts failed');

const profileDir = process.env.BENCH_CPU_PROF;
const server = spawn(
  process.execPath,
  [
    ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
    '--expose-gc',
    // As `npm start` runs the server (package.json): V8's young generation at 4 MB a half rather than its
    // 16 MB default holds 28 MB less resident memory, at the cost of more frequent, smaller collections.
    // (The environment below is the other half of how it starts.)
    '--max-semi-space-size=4',
    ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
    // Node's own type stripping, as `npm start` runs the server.
    new URL('./http-server.ts', import.meta.url).pathname,
    databaseArg,
  ],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    // glibc serves a block it once mapped apart from then on from its heap, where the pages' and the
    // compressors' freed blocks left holes it cannot give back; a fixed threshold keeps large blocks
    // mapped apart and returned when freed (20 MB less resident before the first page). Two arenas
    // rather than one for each of V8's and libuv's threads that allocates: some 8 MB less after the run.
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' },
  },
);
const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const { port, crumb, database } = JSON.parse(line) as { port: number; crumb: string; database: string };
const base = `http://127.0.0.1:${port}`;
// Every visitor's browser holds the crumb its first page set (without it each HTML answer, the static one too,
// would mint and set a new one); a shopper's holds the cart cookie too.
const crumbCookie = `${CRUMB_COOKIE}=${crumb}`;
const cartCookie = `${CART_COOKIE}=${cartId}; ${crumbCookie}`;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** The server process's CPU time (user and system) per request answered. */
  serverCpuMs: number;
  requests: number;
  seconds: number;
}

let distinctRequests = 0;

/** With `distinct`, each request asks for an address of its own (a `render` query parameter), so no kept page can answer it. */
async function measure(
  path: string,
  seconds: number,
  cookie?: string,
  distinct = false,
  encoding?: string,
): Promise<Measured> {
  const cpuBefore = await serverCpuMicros();
  const result = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { host: 'localhost', ...(cookie ? { cookie } : {}), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    setupClient: keepNoBodies,
    requests: distinct
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              path: `${path}${path.includes('?') ? '&' : '?'}render=${++distinctRequests}`,
            }),
          },
        ]
      : undefined,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const serverCpuMs = ((await serverCpuMicros()) - cpuBefore) / 1000 / result.requests.total;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpuMs,
    requests: result.requests.total,
    seconds: result.duration,
  };
}

/** Slices of one row as one measurement: its rate over all of them, the middle p50 and the worst p99. */
function combined(slices: Measured[]): Measured {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const cpuMs = slices.reduce((sum, slice) => sum + slice.serverCpuMs * slice.requests, 0);
  const p50s = slices.map((slice) => slice.p50).sort((a, b) => a - b);
  return {
    rps: requests / seconds,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...slices.map((slice) => slice.p99)),
    serverCpuMs: cpuMs / requests,
    requests,
    seconds,
  };
}

/**
 * autocannon decodes every body into a string it never reads, and that cost depends on the characters: a
 * page with one character outside ASCII took the client twice the CPU of the all-ASCII static route (its
 * profile: 40% in Buffer#toString against 5%), so on two cores the client, not the server, set the page's
 * rate. Its bytes are still counted; only the decoding is left out, for every row alike.
 */
function keepNoBodies(client: autocannon.Client): void {
  (client as unknown as { pipelinedRequests: { addBody(data: Buffer): void } }).pipelinedRequests.addBody = () => {};
}

async function serverCpuMicros(): Promise<number> {
  const usage = (await (await fetch(`${base}/__bench/cpu`)).json()) as { user: number; system: number };
  return usage.user + usage.system;
}

interface Row {
  name: string;
  path: string;
  cookie?: string;
  /** Every request a full render: an address no page was kept under. */
  distinct?: boolean;
  /** The Accept-Encoding sent; the other rows ask for none, as the static route's bytes are sent as they are. */
  encoding?: string;
  /** The ratio this row must reach; undefined for a row that shows a cost without a target. */
  target?: number;
  p99Target?: number;
}

const shopper = { cookie: cartCookie, target: TARGET.ratio, p99Target: TARGET.p99Ms };
/**
 * A miss: what a page costs when no kept page answers it, as the first request after a content change
 * or for an address never asked before does. The issue's "uncached" page is what a shopper got when
 * every shopper's page was rendered; a shopper's page is kept now (the shopper rows), so these rows
 * show what a miss costs and carry no target.
 */
const miss = { cookie: cartCookie, distinct: true };
/** What Chromium sends over HTTPS. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const ROWS: Row[] = [
  // Anonymous: answered from the page cache after the first request.
  { name: 'product page, cached', path: '/shop/stoneware-mug', cookie: crumbCookie, target: CACHED_TARGET },
  // A shopper with three items: their page is kept by what it reads of the cart (renderer/visitor-read-trace.ts).
  { name: 'product page, shopper', path: '/shop/stoneware-mug', ...shopper },
  { name: 'product page, rendered', path: '/shop/stoneware-mug', ...miss },
  // Kept for this visitor alone, by a digest of what the page's data holds of them (renderer/visitor-data-key.ts).
  { name: '/cart, 3 items', path: '/cart', ...shopper },
  { name: '/checkout, 3 items', path: '/checkout', ...shopper },
  // As a browser asks for it: compressed, with the visitor's crumb in it (kept so, renderer/page-cache.ts).
  { name: '/checkout, brotli', path: '/checkout', encoding: BROWSER_ENCODINGS, ...shopper },
  { name: 'blog post, shopper', path: '/journal/slow-mornings-pour-over', ...shopper },
  { name: 'blog post, rendered', path: '/journal/slow-mornings-pour-over', ...miss },
  { name: '/search?q=coffee', path: '/search?q=coffee', ...shopper },
  { name: 'search, rendered', path: '/search?q=coffee', ...miss },
];

/** 1,000 distinct addresses a crawler or a crowd might ask for: searches, tag and category filters, list offsets. */
function distinctUrls(): string[] {
  const urls: string[] = [];
  const words = ['coffee', 'mug', 'linen', 'candle', 'bowl', 'huila', 'roast', 'table', 'shelf', 'winter'];
  const tags = ['ceramics', 'handmade', 'coffee', 'cotton', 'hosting', 'routine', 'kitchen', 'none'];
  for (let i = 0; urls.length < MEMORY_URLS; i++) {
    switch (i % 5) {
      case 0:
        urls.push(`/search?q=${words[i % words.length]}+${i}`);
        break;
      case 1:
        urls.push(`/shop?tag=${tags[i % tags.length]}&offset=${i}`);
        break;
      case 2:
        urls.push(`/journal?offset=${i % 7}&tag=${tags[i % tags.length]}&page=${i}`);
        break;
      case 3:
        urls.push(`/shop/stoneware-mug?ref=${i}`);
        break;
      default:
        urls.push(`/journal/slow-mornings-pour-over?ref=${i}`);
    }
  }
  return urls;
}

/** Sends each distinct URL ten times, shuffled, over CONNECTIONS concurrent loops; every tenth with the cart. */
async function memoryRun(): Promise<{ memory: ServerMemory; seconds: number }> {
  const urls = distinctUrls();
  const order = Array.from({ length: MEMORY_REQUESTS }, (_, i) => urls[i % urls.length]!);
  // A fixed shuffle (LCG), so every run asks in the same order.
  let seed = 17;
  for (let i = order.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < order.length) {
        const index = next++;
        const answer = await fetch(base + order[index], {
          headers: {
            host: 'localhost',
            ...(process.env.BENCH_ENCODING ? { 'accept-encoding': process.env.BENCH_ENCODING } : {}),
            ...(index % 10 === 0 ? { cookie: cartCookie } : {}),
          },
        });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`${order[index]}: ${answer.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const memory = await serverMemory();
  return { memory, seconds };
}

/** process.memoryUsage() of the server after a full collection; `external` holds an embedded database's memory. */
type ServerMemory = { rss: number; heapUsed: number; heapTotal: number; external: number };

async function serverMemory(): Promise<ServerMemory> {
  return (await (await fetch(`${base}/__bench/memory`)).json()) as ServerMemory;
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const memoryParts = (m: ServerMemory) =>
  `heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB, outside the heap ${mb(m.external)} MB`;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

try {
  process.stdout.write(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, database ${database}, ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} slices beside as many of the static route (after ${WARMUP_SECONDS} s warm-up)\n`,
  );
  process.stdout.write(`load average at start: ${load()}\n`);
  // Before any page: the database (an embedded one lives in this process) and the code alone.
  const idle = await serverMemory();
  // First, so the figure is what the issue names: the server after 10,000 requests, not after the rows' hundred thousand.
  const memory = process.env.BENCH_MEMORY === '0' ? undefined : await memoryRun();
  // The static route's rate drifts with the machine over a run (9,127-15,784 req/s over one run of
  // 8-second measurements here), so each row is measured in ROUNDS slices interleaved with slices of the
  // static route, in the order static-row, row-static, ..., which cancels a steady drift, and held against
  // the static route's rate over its own slices.
  const staticRow: Row = { name: 'static 20 KB route', path: STATIC, cookie: crumbCookie };
  const slice = async (row: Row) => measure(row.path, SECONDS / ROUNDS, row.cookie, row.distinct, row.encoding);
  await measure(STATIC, WARMUP_SECONDS, crumbCookie);
  const results: Array<{ row: Row; measured: Measured; ceiling: Measured }> = [];
  const only = process.env.BENCH_ROWS?.split(',');
  for (const row of ROWS) {
    if (only && !only.some((word) => row.name.includes(word))) continue;
    await measure(row.path, WARMUP_SECONDS, row.cookie, row.distinct, row.encoding);
    const rowSlices: Measured[] = [];
    const staticSlices: Measured[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pair = round % 2 === 0 ? [staticRow, row] : [row, staticRow];
      for (const each of pair) (each === row ? rowSlices : staticSlices).push(await slice(each));
    }
    results.push({ row, measured: combined(rowSlices), ceiling: combined(staticSlices) });
  }
  const rates = results.map(({ ceiling }) => ceiling.rps);
  const cpu = results.map(({ ceiling }) => ceiling.serverCpuMs);
  process.stdout.write(
    `${staticRow.name.padEnd(24)} ${Math.min(...rates).toFixed(0)}–${Math.max(...rates).toFixed(0)} req/s in the slices beside the rows   server CPU ${Math.min(...cpu).toFixed(2)}–${Math.max(...cpu).toFixed(2)} ms/req\n`,
  );
  for (const { row, measured, ceiling } of results) {
    // Printed rounded down, so that a ratio of 0.896 shows as 0.89 beside the miss it is, not as 0.90.
    const ratio = measured.rps / ceiling.rps;
    const verdict =
      row.target === undefined
        ? '  (a miss: no target)'
        : ratio >= row.target && (row.p99Target === undefined || measured.p99 < row.p99Target)
          ? '  ok'
          : `  MISSES (≥ ${row.target}${row.p99Target ? `, p99 < ${row.p99Target} ms` : ''})`;
    process.stdout.write(
      `${row.name.padEnd(24)} ${measured.rps.toFixed(0).padStart(6)} req/s   p50 ${String(measured.p50).padStart(4)} ms   p99 ${String(measured.p99).padStart(4)} ms   server CPU ${measured.serverCpuMs.toFixed(2)} ms/req   ${(Math.floor(ratio * 100) / 100).toFixed(2)} of static (${ceiling.rps.toFixed(0)} req/s beside it)${verdict}\n`,
    );
  }
  if (memory)
    process.stdout.write(
      `memory: RSS ${mb(memory.memory.rss)} MB (${memoryParts(memory.memory)}; before any page ${mb(idle.rss)} MB, ${memoryParts(idle)}) after ${MEMORY_REQUESTS} requests over ${MEMORY_URLS} distinct URLs in ${memory.seconds.toFixed(1)} s${memory.memory.rss / 2 ** 20 < MEMORY_LIMIT_MB ? '  ok' : `  MISSES (< ${MEMORY_LIMIT_MB} MB)`}\n`,
    );
  process.stdout.write(`load average at end: ${load()}\n`);
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  await place.remove();
}
