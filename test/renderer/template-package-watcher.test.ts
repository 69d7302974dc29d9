import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import {
  type PackageFileChange,
  TemplatePackageWatcher,
  WATCH_QUIET_MS,
} from '../../renderer/template-package-watcher.ts';

interface Watched {
  dir: string;
  watcher: TemplatePackageWatcher;
  changes: PackageFileChange[];
  warnings: string[];
  /** Resolves with the changes once there are `count` of them. */
  next(count: number): Promise<PackageFileChange[]>;
}

async function watchFolder(
  t: { teardown(fn: () => Promise<void>): void },
  onChange?: (change: PackageFileChange) => Promise<void>,
): Promise<Watched> {
  const dir = await mkdtemp(path.join(tmpdir(), 'package-watcher-'));
  // Registered first, so it runs after the watcher's close (teardowns run last-registered first).
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'blocks'));
  writeFileSync(path.join(dir, 'blocks', 'title.block'), 'first');
  const changes: PackageFileChange[] = [];
  const warnings: string[] = [];
  const waiting: Array<{ count: number; resolve: (changes: PackageFileChange[]) => void }> = [];
  const watcher = new TemplatePackageWatcher(dir, {
    log: { warn: (message) => warnings.push(message) },
    onChange: async (change) => {
      changes.push(change);
      for (const w of waiting.filter((w) => changes.length >= w.count)) w.resolve(changes);
      await onChange?.(change);
    },
  });
  t.teardown(() => watcher.close());
  const next = (count: number) =>
    new Promise<PackageFileChange[]>((resolve) => {
      if (changes.length >= count) resolve(changes);
      else waiting.push({ count, resolve });
    });
  return { dir, watcher, changes, warnings, next };
}

const text = (change: PackageFileChange | undefined) =>
  Buffer.isBuffer(change?.content) ? change.content.toString() : change?.content;

t.test('a save in several steps is one change, with the file as it ended', async (t) => {
  const { dir, next, warnings } = await watchFolder(t);
  const file = path.join(dir, 'blocks', 'title.block');
  // What an editor's save looks like to fs.watch: emptied, half written, written.
  writeFileSync(file, '');
  writeFileSync(file, '<h1>half');
  writeFileSync(file, '<h1>whole</h1>');
  const [change] = await next(1);
  t.equal(change?.file, 'blocks/title.block', 'relative, with forward slashes');
  t.equal(text(change), '<h1>whole</h1>');
  await sleep(WATCH_QUIET_MS * 3);
  t.equal((await next(1)).length, 1, 'no change for the steps in between');
  t.same(warnings, []);
});

t.test('a removed file is a change to absent, not an error', async (t) => {
  const { dir, next, warnings } = await watchFolder(t);
  await rm(path.join(dir, 'blocks', 'title.block'));
  const [change] = await next(1);
  t.same(change, { file: 'blocks/title.block', content: 'absent' });
  t.same(warnings, []);
});

t.test('close drops changes still waiting out their quiet period', async (t) => {
  const { dir, watcher, changes } = await watchFolder(t);
  writeFileSync(path.join(dir, 'blocks', 'title.block'), 'second');
  // Let the event arrive (a timer is then waiting), but not the quiet period end.
  await sleep(WATCH_QUIET_MS / 3);
  await watcher.close();
  await sleep(WATCH_QUIET_MS * 3);
  t.same(changes, []);
});

t.test('close waits for a change under way', async (t) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { dir, watcher, next } = await watchFolder(t, () => held);
  writeFileSync(path.join(dir, 'blocks', 'title.block'), 'second');
  await next(1);
  let closed = false;
  const closing = watcher.close().then(() => {
    closed = true;
  });
  await sleep(WATCH_QUIET_MS);
  t.notOk(closed, 'still applying the change');
  release();
  await closing;
  t.ok(closed, 'closed once the change is applied');
});
