/**
 * Watches a template package's folder in development and hands over each
 * changed file once it has settled, one change at a time.
 *
 * Saving a file is several steps (truncate, write, sometimes write again), and
 * fs.watch reports each of them. Reading on the first event can catch the file
 * empty or half written, and a half-written version that happens to compile
 * would become the "last good" one that a later broken edit falls back to. So a
 * file is read only after a quiet period with no events for it, and only once
 * two reads in a row agree; what was read is what gets compiled.
 */
import { type FSWatcher, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A settled file. */
export interface PackageFileChange {
  /** Relative to the package folder, with forward slashes. */
  readonly file: string;
  /**
   * What was read; 'absent' for a file removed or renamed away; undefined when
   * it could not be read (permissions), so the reload reads it again and
   * reports why.
   */
  readonly content: Buffer | 'absent' | undefined;
}

export interface TemplatePackageWatcherOptions {
  /** Called one change at a time, in order, since each reload builds on the one before. */
  onChange(change: PackageFileChange): Promise<void>;
  log: { warn(message: string): void };
  /** How long a file must go without events before it is read. */
  quietMs?: number;
}

/** Long enough to cover an editor's truncate-then-write, short enough that a reload still feels immediate. */
export const WATCH_QUIET_MS = 75;
/** The pause between two reads that must agree. */
const REREAD_MS = 15;
/** A file still changing after this many reads is taken as last read; its next event reloads it again. */
const MAX_READS = 8;

type Read = Buffer | 'absent' | 'directory' | 'unreadable';

async function readOnce(absolutePath: string): Promise<Read> {
  try {
    return await readFile(absolutePath);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'absent';
    // Folders get events too (a file added or removed in them); their files get their own.
    if (code === 'EISDIR') return 'directory';
    return 'unreadable';
  }
}

function same(a: Read, b: Read): boolean {
  return typeof a === 'string' || typeof b === 'string' ? a === b : a.equals(b);
}

export class TemplatePackageWatcher {
  readonly #dir: string;
  readonly #options: TemplatePackageWatcherOptions;
  readonly #watcher: FSWatcher;
  /** Files with events waiting out their quiet period. */
  readonly #pending = new Map<string, NodeJS.Timeout>();
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  /** Throws what fs.watch throws (a missing folder, no inotify watches left). */
  constructor(dir: string, options: TemplatePackageWatcherOptions) {
    this.#dir = dir;
    this.#options = options;
    this.#watcher = watch(dir, { recursive: true }, (_event, file) => {
      if (file) this.#schedule(file.toString().replaceAll('\\', '/'));
    });
    // Without a listener an 'error' event (a folder removed while it is scanned) would end the process.
    this.#watcher.on('error', (error) => this.#options.log.warn(`watching ${dir}: ${String(error)}`));
  }

  #schedule(file: string): void {
    if (this.#closed) return;
    clearTimeout(this.#pending.get(file));
    this.#pending.set(
      file,
      setTimeout(() => {
        this.#pending.delete(file);
        this.#queue = this.#queue
          .then(() => this.#settle(file))
          // A failed reload must not stop the ones after it.
          .catch((error: unknown) => this.#options.log.warn(`template ${file}: ${String(error)}`));
      }, this.#options.quietMs ?? WATCH_QUIET_MS),
    );
  }

  async #settle(file: string): Promise<void> {
    const content = await this.#readSettled(file);
    if (content === undefined || content === 'directory' || this.#closed) return;
    await this.#options.onChange({ file, content: content === 'unreadable' ? undefined : content });
  }

  /** The file once two reads in a row agree; undefined when a newer event for it is waiting (that one reloads it). */
  async #readSettled(file: string): Promise<Read | undefined> {
    const absolutePath = path.join(this.#dir, ...file.split('/'));
    let previous = await readOnce(absolutePath);
    for (let reads = 1; reads < MAX_READS; reads++) {
      await sleep(REREAD_MS);
      if (this.#closed || this.#pending.has(file)) return undefined;
      const current = await readOnce(absolutePath);
      if (same(previous, current)) return current;
      previous = current;
    }
    return previous;
  }

  /** Stops watching and drops waiting changes; resolves once a reload under way has finished, so the folder may go. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#watcher.close();
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
    await this.#queue;
  }
}
