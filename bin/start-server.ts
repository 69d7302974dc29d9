/**
 * What `npm start` runs (through bin/start.ts): migrate, load the demo site
 * into an empty database, and serve.
 * Settings come from the environment (renderer/server-config.ts); with
 * WORKERS above 1, a primary keeps that many server processes on one port.
 */
import cluster from 'node:cluster';
import { serverConfigFromEnv, siteAddress } from '../renderer/server-config.ts';
import { RUN_JOBS_ENV, runClusterPrimary } from './cluster-primary.ts';
import { startSiteProcess } from './site-process.ts';

const config = serverConfigFromEnv();
if (cluster.isPrimary && config.workers > 1) {
  await runClusterPrimary(config);
} else if (cluster.isWorker) {
  await startSiteProcess(config, { prepare: false, runJobs: process.env[RUN_JOBS_ENV] === '1' });
} else {
  const app = await startSiteProcess(config, { prepare: true, runJobs: true });
  const { port } = app.server.address() as { port: number };
  app.log.info(`demo site: ${siteAddress(config, port)}`);
}
