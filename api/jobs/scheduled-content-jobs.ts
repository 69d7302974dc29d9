/**
 * Scheduled posts going live on time. An item published for a later date
 * becomes visible by the clock alone (item-repository.ts isVisible), but
 * the pages and the data kept per content version would go on showing the
 * site without it until something else changed. So once a minute a job
 * looks a minute ahead and queues, for each website and moment an item goes
 * live, a job at that moment that moves the website's content version (a
 * row in the change log, as any edit writes), within a poll of the job
 * runner of the time. One job a minute for the whole installation,
 * whichever process claims it; unique keys keep each moment's job single.
 */
import { sql } from 'kysely';
import type { Db } from '../repositories/transaction.ts';
import { enqueueJob } from './job-queue.ts';
import type { JobHandler } from './job-runner.ts';

export const LOOK_AHEAD_EVERY_MS = 60_000;

export function enqueueScheduledContentLookAhead(db: Db, at: Date): Promise<string | undefined> {
  const slot = Math.floor(at.getTime() / LOOK_AHEAD_EVERY_MS);
  return enqueueJob(db, {
    kind: 'scheduled-content',
    runAt: new Date(slot * LOOK_AHEAD_EVERY_MS),
    uniqueKey: `scheduled-content:${slot}`,
    maxAttempts: 3,
  });
}

export const SCHEDULED_CONTENT_HANDLERS: Readonly<Record<string, JobHandler>> = {
  'scheduled-content': async (_job, { db, now }) => {
    // The next round first: a round that fails must not end the chain.
    await enqueueScheduledContentLookAhead(db, new Date(now.getTime() + LOOK_AHEAD_EVERY_MS));
    // Up to two rounds ahead, so a round that starts late still covers the minute after it.
    const until = new Date(now.getTime() + 2 * LOOK_AHEAD_EVERY_MS);
    const moments = await db
      .selectFrom('items')
      .select(['websiteId', 'publishOn'])
      .distinct()
      .where('published', '=', true)
      .where('publishOn', '>', now)
      .where('publishOn', '<=', until)
      .execute();
    for (const { websiteId, publishOn } of moments) {
      const at = new Date(publishOn);
      await enqueueJob(db, {
        kind: 'content-goes-live',
        websiteId,
        runAt: at,
        uniqueKey: `content-goes-live:${websiteId}:${at.getTime()}`,
      });
    }
  },
  'content-goes-live': async (job, { db }) => {
    if (!job.websiteId) throw new Error('content going live names its website');
    // What the change log's trigger does for an edit (migrations 0002 and 0009): a row, and the notice listeners count.
    await sql`insert into content_changes (website_id) values (${job.websiteId})`.execute(db);
    await sql`select pg_notify('content_changes', ${job.websiteId})`.execute(db);
  },
};
