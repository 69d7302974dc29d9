/**
 * The files a package serves as they are (assets/, scripts/, styles/): listed
 * with a content hash so the server can answer with ETags and templates can
 * point at URLs that change when the content does. Serving them is not done here.
 */
import { createHash } from 'node:crypto';

export interface StaticFile {
  /** Package-relative, with forward slashes: 'scripts/site.js'. */
  readonly path: string;
  readonly absolutePath: string;
  readonly size: number;
  /** The first 16 hex digits of the content's SHA-256. */
  readonly hash: string;
}

export function staticFile(path: string, absolutePath: string, content: Uint8Array): StaticFile {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);
  return { path, absolutePath, size: content.byteLength, hash };
}

/** The default URL of a static file: its package path with the hash as a cache-busting query. */
export function defaultAssetUrl(file: StaticFile): string {
  return `/${file.path}?v=${file.hash}`;
}
