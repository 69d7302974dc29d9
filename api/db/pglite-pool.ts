import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * A `pg`-shaped pool over one embedded PGlite database, for Kysely's own
 * PostgresDialect. PGlite is a single session, so the pool hands out one
 * client at a time: a transaction holds it from BEGIN to COMMIT and every
 * other query waits its turn, exactly as with a one-connection pg pool.
 */
export class PGlitePool implements PostgresPool {
  readonly options = {};
  readonly #pglite: PGlite;
  #busy = false;
  readonly #waiting: Array<() => void> = [];

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    const pglite = this.#pglite;
    let released = false;
    return {
      query: (async (sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<unknown>> => {
        const result = await pglite.query(sql, parameters as unknown[]);
        return {
          command: (result.command ?? 'SELECT') as PostgresQueryResult<unknown>['command'],
          rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      }) as PostgresPoolClient['query'],
      release: () => {
        if (released) return;
        released = true;
        this.#handOver();
      },
    };
  }

  #handOver(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }

  async end(): Promise<void> {
    await this.#pglite.close();
  }
}
