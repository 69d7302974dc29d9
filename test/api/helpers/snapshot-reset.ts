/**
 * How a test database on PGlite goes back to the snapshot it was loaded from,
 * so the next test can have it: loading a snapshot costs about 0.45 s of CPU
 * (PGlite writes some 1,400 files into its in-memory file system and starts
 * PostgreSQL), putting the rows back about a tenth of that.
 *
 * The snapshot carries, in a schema of its own, a copy of every table's rows
 * and its sequences' values, a function that puts them back, and an event
 * trigger that notes any change of schema: a database whose schema a test
 * changed (a migration run down, a partition created) is closed, not reused.
 */
import type { PGlite } from '@electric-sql/pglite';

const SCHEMA = 'test_snapshot';

interface TableColumns {
  name: string;
  columns: string;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Stores the database's present rows as what resetToSnapshot puts back; the last step before it is dumped. */
export async function keepForReset(pglite: PGlite): Promise<void> {
  await pglite.exec(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
  // Tables with rows of their own: partitions' rows are their parent's, put back through it.
  const tables = (
    await pglite.query<TableColumns>(
      `select c.relname as name,
              string_agg(quote_ident(a.attname), ', ' order by a.attnum) filter (where a.attgenerated = '') as columns
         from pg_class c
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        group by c.relname
        order by c.relname`,
    )
  ).rows;
  const sequences = (
    await pglite.query<{ name: string; value: string; called: boolean }>(
      `select quote_ident(sequencename) as name, coalesce(last_value, start_value)::text as value,
              last_value is not null as called
         from pg_sequences where schemaname = 'public' order by sequencename`,
    )
  ).rows;
  const kept: TableColumns[] = [];
  for (const table of tables) {
    await pglite.exec(`create table ${SCHEMA}.${quoted(table.name)} as table public.${quoted(table.name)}`);
    const rows = await pglite.query<{ any: boolean }>(
      `select exists (select from ${SCHEMA}.${quoted(table.name)}) as any`,
    );
    if (rows.rows[0]!.any) kept.push(table);
    else await pglite.exec(`drop table ${SCHEMA}.${quoted(table.name)}`);
  }
  // Replica mode leaves triggers and foreign keys unchecked while the rows go back as they were.
  const body = [
    "perform set_config('session_replication_role', 'replica', true);",
    ...tables.map((table) => `delete from public.${quoted(table.name)};`),
    ...kept.map(
      ({ name, columns }) =>
        `insert into public.${quoted(name)} (${columns}) overriding system value select ${columns} from ${SCHEMA}.${quoted(name)};`,
    ),
    ...sequences.map(({ name, value, called }) => `perform setval('public.${name}', ${value}, ${called});`),
  ].join('\n');
  await pglite.exec(`
    create function ${SCHEMA}.reset() returns void language plpgsql as $body$ begin ${body} end $body$;
    create table ${SCHEMA}.schema_changes (command text not null);
    create function ${SCHEMA}.note_schema_change() returns event_trigger language plpgsql as $body$
      begin insert into ${SCHEMA}.schema_changes values (tg_tag); end $body$;
    create event trigger ${SCHEMA}_schema_changes on ddl_command_end execute function ${SCHEMA}.note_schema_change();
  `);
}

/**
 * Puts the rows, the sequences and the session back as the snapshot had them;
 * false when that cannot be done (the schema changed, or it failed), and the
 * database should be closed instead.
 */
export async function resetToSnapshot(pglite: PGlite): Promise<boolean> {
  try {
    // A test may have stopped inside a transaction; without one this is only a warning.
    await pglite.exec('rollback');
    const changed = await pglite.query<{ any: boolean }>(`select exists (select from ${SCHEMA}.schema_changes) as any`);
    if (changed.rows[0]!.any) return false;
    // Settings, prepared statements, temporary tables, advisory locks and listening, as a new session has them.
    await pglite.exec('discard all');
    await pglite.query(`select ${SCHEMA}.reset()`);
    return true;
  } catch {
    return false;
  }
}
