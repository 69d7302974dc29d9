/**
 * The PGlite databases a test process hands from test to test: when a test
 * is done with one, its rows go back to the snapshot's (snapshot-reset.ts)
 * and the next test of the process that asks for that snapshot gets it,
 * rather than a database loaded anew. They close when the process's tests end.
 */
import type { PGlite } from '@electric-sql/pglite';
import { startPGlite } from '../../../api/db/open-database.ts';
import { suiteTeardown } from '../../suites/run-test-folders.ts';
import { pgliteSnapshot } from './pglite-snapshot.ts';
import type { SnapshotKind } from './snapshot-builds.ts';
import { resetToSnapshot } from './snapshot-reset.ts';

/**
 * Uses before a database is closed and loaded anew: each reset leaves the rows it deleted behind
 * (nothing vacuums them), so tables would keep growing.
 */
const MAX_USES = 12;

interface Kept {
  pglite: PGlite;
  uses: number;
}

const idle = new Map<SnapshotKind, Kept[]>();
let closesAtEnd = false;

/** A database holding the snapshot's data, and how to give it back once the test is done with it. */
export async function takeTestDatabase(kind: SnapshotKind): Promise<{ pglite: PGlite; giveBack(): Promise<void> }> {
  if (!closesAtEnd) {
    closesAtEnd = true;
    suiteTeardown(async () => {
      const all = [...idle.values()].flat();
      idle.clear();
      await Promise.all(all.map(({ pglite }) => pglite.close()));
    });
  }
  const kept = idle.get(kind)?.pop() ?? {
    pglite: await startPGlite({ loadDataDir: await pgliteSnapshot(kind) }),
    uses: 0,
  };
  kept.uses++;
  return {
    pglite: kept.pglite,
    async giveBack() {
      if (kept.uses < MAX_USES && (await resetToSnapshot(kept.pglite))) {
        idle.set(kind, [...(idle.get(kind) ?? []), kept]);
      } else {
        await kept.pglite.close();
      }
    },
  };
}
