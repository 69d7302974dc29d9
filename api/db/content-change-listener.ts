import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ContentClock } from './content-clock.ts';

const CHANGES = 'content_changes';
/** Heard back by the listener that sent it: every change committed before it has been heard too. */
const CAUGHT_UP = 'content_changes_caught_up';
/** How the listener's connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'sitebuilder content change listener';
const RECONNECT_MS = 1_000;
/** Far above a round trip; past it the counts are no longer trusted and start again. */
const CATCH_UP_LIMIT_MS = 2_000;

export interface ContentChangeListener extends ContentClock {
  close(): Promise<void>;
}

/**
 * A PostgreSQL server's clock: one connection of its own LISTENs to the
 * content_changes channel and counts each website's changes. Its versions
 * hold the number of the connection they were counted on, so counts started
 * again after a lost connection never repeat an earlier version; while there
 * is no connection, versionOf says undefined and pages ask the database.
 *
 * Another process's change shows here as soon as its notice arrives, which
 * PostgreSQL sends when the change commits: a request that arrives in that
 * instant may still be answered from the cache.
 */
export async function listenForContentChanges(
  connectionString: string,
  onProblem: (message: string) => void,
): Promise<ContentChangeListener> {
  let current: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let counting = 0;
  let counts = new Map<string, number>();
  const waiting = new Map<string, () => void>();

  function startCounting(): void {
    counting++;
    counts = new Map();
  }

  function releaseWaiting(): void {
    for (const release of waiting.values()) release();
    waiting.clear();
  }

  function lost(client: pg.Client, reason: string): void {
    if (client !== current) return;
    onProblem(`content change listener: ${reason}; pages ask the database until it is back`);
    current = undefined;
    listening = false;
    releaseWaiting();
    client.end().catch(() => {});
    if (!closed) setTimeout(connect, RECONNECT_MS).unref();
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', ({ channel, payload = '' }) => {
      if (channel === CHANGES) counts.set(payload, (counts.get(payload) ?? 0) + 1);
      else if (channel === CAUGHT_UP) {
        waiting.get(payload)?.();
        waiting.delete(payload);
      }
    });
    client.on('error', (error) => lost(client, error.message));
    client.on('end', () => lost(client, 'connection ended'));
    try {
      await client.connect();
      current = client;
      startCounting();
      await client.query(`listen ${CHANGES}; listen ${CAUGHT_UP}`);
    } catch (error) {
      if (current === client) lost(client, (error as Error).message);
      else {
        onProblem(`content change listener: ${(error as Error).message}`);
        client.end().catch(() => {});
        if (!closed) setTimeout(connect, RECONNECT_MS).unref();
      }
      return;
    }
    if (closed) await client.end();
    else listening = true;
  }

  await connect();

  return {
    versionOf(websiteId) {
      return listening ? `n${counting}.${counts.get(websiteId) ?? 0}` : undefined;
    },

    async caughtUp() {
      const client = current;
      if (!listening || !client) return;
      const token = randomUUID();
      let limit: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        waiting.set(token, () => resolve(true));
        limit = setTimeout(() => resolve(false), CATCH_UP_LIMIT_MS);
      });
      let heard = true;
      try {
        await client.query('select pg_notify($1, $2)', [CAUGHT_UP, token]);
        heard = await arrived;
      } catch {
        // The connection's own error handler has started over.
      } finally {
        clearTimeout(limit);
        waiting.delete(token);
      }
      if (!heard && current === client) {
        onProblem('content change listener: a notice did not come back in time; counting starts again');
        startCounting();
      }
    },

    async close() {
      closed = true;
      listening = false;
      releaseWaiting();
      const client = current;
      current = undefined;
      await client?.end();
    },
  };
}
