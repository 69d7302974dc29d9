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
  readonly #closesDatabase: boolean;
  #ended = false;

  /** closesDatabase false: ending the pool leaves the database open for whoever opened it. */
  constructor(pglite: PGlite, options: { closesDatabase?: boolean } = {}) {
    this.#pglite = pglite;
    this.#closesDatabase = options.closesDatabase ?? true;
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    // A query that comes after the end, however late (a timer its owner forgot), must not reach a
    // database someone else may be using by then.
    if (this.#ended) {
      this.#handOver();
      throw new Error('The database pool has ended');
    }
    this.#busy = true;
    const pglite = this.#pglite;
    let released = false;
    return {
      query: (async (sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<unknown>> => {
        if (this.#ended) throw new Error('The database pool has ended');
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
    if (this.#ended) return;
    this.#ended = true;
    if (this.#closesDatabase) await this.#pglite.close();
  }
}
