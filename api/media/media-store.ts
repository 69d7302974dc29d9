/**
 * Where uploaded pictures and files are kept: a folder under DATA_DIR
 * (`DATA_DIR/media`), one folder per website. A picture is kept once per
 * stored format ('original' and each width breakpoint, image-variants.ts),
 * as images/<website id>/<image id>/<format>.<ext>, and served at its
 * assetUrl, /content/<website id>/<image id>/<name>.<ext>, with ?format=
 * picking the stored width (renderer/asset-routes.ts). A digital product's
 * file is files/<website id>/<file id>. Files are written under a temporary
 * name and renamed into place, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { slugify } from '../../shared/store-creation.ts';
import { isId } from '../db/ids.ts';

/** The stored formats of a picture: the original and the spec's width breakpoints. */
export type StoredFormat = 'original' | `${number}w`;

const EXTENSIONS = ['jpg', 'png', 'webp', 'gif'] as const;
export type ImageExtension = (typeof EXTENSIONS)[number];

export function isImageExtension(value: string): value is ImageExtension {
  return (EXTENSIONS as readonly string[]).includes(value);
}

/** A file name for a URL: the uploaded name's letters and digits, dashes between. */
export function urlFileName(fileName: string): string {
  return (
    slugify(fileName.replace(/\.[^.]*$/, ''))
      .slice(0, 60)
      .replace(/-+$/, '') || 'image'
  );
}

export class MediaStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The public address of a stored picture. */
  imageUrl(websiteId: string, imageId: string, fileName: string, extension: ImageExtension): string {
    return `/content/${websiteId}/${imageId}/${urlFileName(fileName)}.${extension}`;
  }

  private imageDir(websiteId: string, imageId: string): string {
    if (!isId(websiteId) || !isId(imageId)) throw new Error(`not an id: ${websiteId}/${imageId}`);
    return path.join(this.root, 'images', websiteId, imageId);
  }

  /** Stores every format of a new picture; all or nothing. */
  async saveImage(
    websiteId: string,
    imageId: string,
    extension: ImageExtension,
    formats: ReadonlyMap<StoredFormat, Buffer>,
  ): Promise<void> {
    const dir = this.imageDir(websiteId, imageId);
    const staging = `${dir}.${randomBytes(6).toString('hex')}.partial`;
    await mkdir(staging, { recursive: true });
    try {
      for (const [format, data] of formats) await writeFile(path.join(staging, `${format}.${extension}`), data);
      await rename(staging, dir);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
  }

  async removeImage(websiteId: string, imageId: string): Promise<void> {
    await rm(this.imageDir(websiteId, imageId), { recursive: true, force: true });
  }

  /**
   * The file of a picture in the asked format, else its original (a width
   * the picture is too narrow to have, or no format at all); undefined for
   * no such picture.
   */
  imageFile(websiteId: string, imageId: string, format: string | null, extension: string): string | undefined {
    if (!isId(websiteId) || !isId(imageId) || !isImageExtension(extension)) return undefined;
    const dir = this.imageDir(websiteId, imageId);
    if (format !== null && /^\d{1,4}w$/.test(format)) {
      const sized = path.join(dir, `${format}.${extension}`);
      if (existsSync(sized)) return sized;
    }
    const original = path.join(dir, `original.${extension}`);
    return existsSync(original) ? original : undefined;
  }

  /** A new path where an upload can be written before it is kept (or thrown away). */
  async temporaryPath(): Promise<string> {
    const dir = path.join(this.root, 'tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${randomBytes(12).toString('hex')}.partial`);
  }

  private filePath(websiteId: string, fileId: string): string {
    if (!isId(websiteId) || !isId(fileId)) throw new Error(`not an id: ${websiteId}/${fileId}`);
    return path.join(this.root, 'files', websiteId, fileId);
  }

  /** Moves a finished upload into place as a digital product's file. */
  async keepFile(websiteId: string, fileId: string, temporary: string): Promise<void> {
    const target = this.filePath(websiteId, fileId);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temporary, target);
  }

  async removeFile(websiteId: string, fileId: string): Promise<void> {
    await rm(this.filePath(websiteId, fileId), { force: true });
  }

  /** A stored file's size, or undefined when it is not there; open() then streams its bytes, or some of them. */
  async openFile(websiteId: string, fileId: string) {
    const file = this.filePath(websiteId, fileId);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return {
      size: info.size,
      /** `end` is inclusive, as in a Range header. */
      open: (range?: { start: number; end: number }) => createReadStream(file, range),
    };
  }
}
