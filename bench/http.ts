/**
 * `npm run bench:http`: requests/s and latency of the product page against a
 * Fastify route answering a fixed 20 KB string, in the same run, on loopback,
 * with autocannon in this process and the server in a child process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { CART_COOKIE } from '../api/cookie-names.ts';

const PRODUCT = '/shop/stoneware-mug';
const STATIC = '/__bench/static-20kb';
const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;
const SECONDS = 10;

const server = spawn(process.execPath, ['--import', 'tsx', new URL('./http-server.ts', import.meta.url).pathname], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const { port } = JSON.parse(line) as { port: number };
const base = `http://127.0.0.1:${port}`;

async function measure(path: string, seconds: number, cookie?: string) {
  const result = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { host: 'localhost', ...(cookie ? { cookie } : {}) },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
  };
}

try {
  await measure(PRODUCT, WARMUP_SECONDS);
  await measure(STATIC, WARMUP_SECONDS);
  const product = await measure(PRODUCT, SECONDS);
  const ceiling = await measure(STATIC, SECONDS);
  // A visitor with a cart is never served from the page cache: this is the full render.
  const rendered = await measure(PRODUCT, SECONDS, `${CART_COOKIE}=bench`);
  const row = (name: string, r: typeof product) =>
    `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;
  process.stdout.write(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s each\n`,
  );
  process.stdout.write(`${row('product page', product)}\n${row('static 20 KB route', ceiling)}\n`);
  process.stdout.write(`${row('product page, uncached', rendered)}   (a visitor with a cart)\n`);
  process.stdout.write(`product page / static ceiling: ${(product.rps / ceiling.rps).toFixed(2)}\n`);
} finally {
  server.kill('SIGTERM');
}
