/**
 * The template packages the server serves, loaded once each. In development
 * the package folders are watched and changed files recompiled; a file with
 * errors keeps its last good version serving and its errors are kept for the
 * page to show.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  formatPackageError,
  loadTemplatePackage,
  type PackageError,
  reloadFile,
  type TemplatePackage,
} from './template-package/index.ts';
import { type PackageFileChange, TemplatePackageWatcher } from './template-package-watcher.ts';

export interface TemplatePackagesOptions {
  /** One package for every website, overriding their settings (TEMPLATE_DIR). */
  templateDir: string | undefined;
  /** Where packages named in website settings live. */
  templatesRoot: string;
  development: boolean;
  log: { warn(message: string): void; info(message: string): void };
}

const PACKAGE_NAME = /^[a-z0-9][a-z0-9-]*$/;
const SYSTEM_PACKAGE = 'default';

interface Entry {
  pkg: TemplatePackage;
  revision: string;
  watcher?: TemplatePackageWatcher;
}

function revisionOf(pkg: TemplatePackage, generation: number): string {
  const hash = createHash('sha256').update(String(generation));
  for (const file of [...pkg.staticFiles.values()].sort((a, b) => a.path.localeCompare(b.path))) hash.update(file.hash);
  return hash.digest('hex').slice(0, 12);
}

export class TemplatePackages {
  readonly #options: TemplatePackagesOptions;
  readonly #entries = new Map<string, Promise<Entry>>();
  #generation = 0;
  #closed = false;

  constructor(options: TemplatePackagesOptions) {
    this.#options = options;
  }

  /** The folder a website's package setting names, or undefined for a name that is not a package name. */
  directoryFor(packageName: string): string | undefined {
    if (this.#options.templateDir) return this.#options.templateDir;
    if (!PACKAGE_NAME.test(packageName)) return undefined;
    return path.join(this.#options.templatesRoot, packageName);
  }

  /**
   * The platform's own templates (the default package): what renders the
   * pages a package has no template for, as Squarespace renders its system
   * pages and collections itself. The same package whatever TEMPLATE_DIR says.
   */
  async system(): Promise<TemplatePackage> {
    const entry = await this.#entry(path.join(this.#options.templatesRoot, SYSTEM_PACKAGE));
    return entry.pkg;
  }

  async get(packageName: string): Promise<{ pkg: TemplatePackage; revision: string } | undefined> {
    const dir = this.directoryFor(packageName);
    if (!dir) return undefined;
    const { pkg, revision } = await this.#entry(dir);
    return { pkg, revision };
  }

  #entry(dir: string): Promise<Entry> {
    let entry = this.#entries.get(dir);
    if (!entry) {
      entry = this.#load(dir);
      this.#entries.set(dir, entry);
      entry.catch(() => this.#entries.delete(dir));
    }
    return entry;
  }

  async #load(dir: string): Promise<Entry> {
    const pkg = await loadTemplatePackage(dir);
    this.#report(dir, pkg.errors);
    const entry: Entry = { pkg, revision: revisionOf(pkg, this.#generation++) };
    // A package loaded while the server closes is not watched: nothing would close the watcher.
    if (this.#options.development && !this.#closed) {
      try {
        entry.watcher = new TemplatePackageWatcher(dir, {
          log: this.#options.log,
          onChange: (change) => this.#apply(dir, entry, change),
        });
      } catch (error) {
        // The site still serves, only without reloading (no inotify watches left, say).
        this.#options.log.warn(`not watching ${dir}: ${String(error)}`);
      }
    }
    return entry;
  }

  async #apply(dir: string, entry: Entry, { file, content }: PackageFileChange): Promise<void> {
    const next = await reloadFile(entry.pkg, file, content);
    if (next === entry.pkg) return;
    this.#report(
      dir,
      next.errors.filter((e) => e.file === file),
    );
    entry.pkg = next;
    entry.revision = revisionOf(next, this.#generation++);
    this.#options.log.info(`template ${file} reloaded`);
  }

  #report(dir: string, errors: readonly PackageError[]): void {
    for (const error of errors) this.#options.log.warn(`${path.basename(dir)}/${formatPackageError(error)}`);
  }

  /** Errors of the package in use, for the development error view. */
  async errors(packageName: string): Promise<readonly PackageError[]> {
    return (await this.get(packageName))?.pkg.errors ?? [];
  }

  /** Stops watching, after any reload under way, so the package folders may be removed once this resolves. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const entry of this.#entries.values()) await (await entry.catch(() => undefined))?.watcher?.close();
    this.#entries.clear();
  }
}
