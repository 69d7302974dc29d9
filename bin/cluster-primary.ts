/**
 * `WORKERS=N npm start`: a primary process that migrates once, then keeps N
 * server processes listening on one port (node:cluster hands connections
 * out among them). Every piece of state they share lives in PostgreSQL or
 * Redis (server-config.ts refuses WORKERS above 1 without both), and they
 * sign crumbs with one secret. Exactly one worker runs the background jobs;
 * a worker that dies is replaced.
 */
import cluster, { type Worker } from 'node:cluster';
import { type ServerConfig, siteAddress } from '../renderer/server-config.ts';
import { serverSecret } from '../renderer/server-secret.ts';
import { prepareDatabase } from './site-process.ts';

/** The environment variable that tells a worker it runs the background jobs. */
export const RUN_JOBS_ENV = 'SITE_RUN_JOBS';
// A worker that keeps dying at start-up is restarted at this pace, not in a tight loop.
const RESTART_DELAY_MS = 1000;

/** The primary writes JSON lines shaped like the workers' (pino) logs, so one reader reads both. */
function log(level: 'info' | 'warn', msg: string, fields: Record<string, unknown> = {}): void {
  const levels = { info: 30, warn: 40 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`,
  );
}

export async function runClusterPrimary(config: ServerConfig): Promise<void> {
  await prepareDatabase(config);
  const secret = await serverSecret(config.secret, config.dataDir);
  let stopping = false;
  let jobsWorker: Worker | undefined;
  const fork = (runJobs: boolean): void => {
    const worker = cluster.fork({ SECRET: secret, [RUN_JOBS_ENV]: runJobs ? '1' : '' });
    if (runJobs) jobsWorker = worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log('warn', 'worker exited; starting another', { worker: worker.process.pid, code, signal });
    setTimeout(() => fork(worker === jobsWorker), RESTART_DELAY_MS).unref();
  });
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    listening++;
    if (listening !== config.workers) return;
    log('info', `demo site: ${siteAddress(config, address.port)}`, { workers: config.workers, port: address.port });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      log('info', 'shutting down', { signal });
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker.process.kill('SIGTERM');
    });
  }
  for (let i = 0; i < config.workers; i++) fork(i === 0);
}
