/**
 * `npm run bench:start`: how long `npm start` takes on an existing data folder
 * to answer its first page (target: under 3 s), started the way package.json
 * starts it (Node's own type stripping) and, for comparison, through tsx (a
 * runtime transpiler). The data folder is made once, before the timed runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const REPO = new URL('..', import.meta.url).pathname;
const RUNS = 3;
const STARTERS = {
  'node (type stripping)': [process.execPath, 'bin/start.ts'],
  tsx: [process.execPath, '--import', 'tsx', 'bin/start.ts'],
} as const;

/** Starts the server, waits for the home page to answer 200, stops it; the milliseconds from spawn to the answer. */
async function firstPage(command: readonly string[], dataDir: string): Promise<number> {
  const started = performance.now();
  const [program = process.execPath, ...args] = command;
  const child = spawn(program, args, {
    cwd: REPO,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const found = /demo site: http:\/\/[^/]+:(\d+)\//.exec(line)?.[1];
        if (found) resolve(Number(found));
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    });
    const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { host: 'localhost' } });
    await answer.text();
    if (answer.status !== 200) throw new Error(`the home page answered ${answer.status}`);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cold-start-'));
try {
  process.stdout.write(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}\n`,
  );
  // The first start migrates and seeds; what is timed is every start after it.
  await firstPage(STARTERS['node (type stripping)'], dataDir);
  const medians: Record<string, number> = {};
  for (const [name, command] of Object.entries(STARTERS)) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await firstPage(command, dataDir));
    times.sort((a, b) => a - b);
    medians[name] = times[Math.floor(times.length / 2)] ?? Number.NaN;
    process.stdout.write(
      `${name.padEnd(22)} first page after ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}\n`,
    );
  }
  const ours = medians['node (type stripping)'] ?? Number.NaN;
  process.stdout.write(
    `median ${(ours / 1000).toFixed(2)} s (target under 3 s: ${ours < 3000 ? 'met' : 'NOT met'}); tsx takes ${(
      (medians.tsx ?? Number.NaN) / ours
    ).toFixed(2)}× as long\n`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
