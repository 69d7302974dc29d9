import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../../api/db/migrate.ts';
import type { Database } from '../../../api/db/schema.ts';
import { seedDemoSite } from '../../../api/seed/seed-demo-site.ts';

/** The database states tests start from: every migration applied, then also the demo site loaded. */
export type SnapshotKind = 'migrated' | 'demo';

/**
 * How each state is reached, each step applied on top of the one before, so
 * building both costs one migration run.
 */
export const SNAPSHOT_STEPS: ReadonlyArray<{ kind: SnapshotKind; apply(db: Kysely<Database>): Promise<unknown> }> = [
  { kind: 'migrated', apply: migrateToLatest },
  { kind: 'demo', apply: seedDemoSite },
];
