import { type DemoSiteServer, openDemoSiteServer } from '../../bin/demo-site-server.ts';
import { pgliteSnapshot } from '../api/helpers/pglite-snapshot.ts';

interface Teardown {
  teardown(fn: () => Promise<void> | void): void;
}

/**
 * What `jsont check` serves a package through, started from the shared demo
 * snapshot instead of a migration run and a seed of its own (seconds each
 * time), and closed when the test ends. test/bin/golden-command.test.ts keeps
 * opening one the way the command does.
 */
export async function openSnapshotDemoSite(t: Teardown, packageDir: string): Promise<DemoSiteServer> {
  const site = await openDemoSiteServer(packageDir, { demoDataDir: await pgliteSnapshot('demo') });
  t.teardown(() => site.close());
  return site;
}
