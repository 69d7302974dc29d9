/**
 * What may be uploaded, how large, and what an upload that fails says
 * (spec section 8, files and uploads, word for word). Shared by the upload
 * routes (api/http/media-routes.ts) and the admin app's uploader, which
 * checks size and type before sending so the owner hears at once what the
 * server would answer.
 */
import { formatFileSize } from './file-size.ts';

export const UPLOAD_MESSAGES = {
  // Spec section 8.
  tooLarge: (fileName: string, maxSize: string) =>
    `The file ${fileName} is too large. The maximum allowed file size is ${maxSize}.`,
  // Spec section 8: {fileTypeMessage} ends in a space when it names a kind ('image '), so it reads '… supported image file.'
  unsupported: (fileName: string, fileTypeMessage: string) =>
    `The file ${fileName} does not appear to be a supported ${fileTypeMessage}file.`,
  // Spec section 8: the request ended before the whole file arrived.
  incomplete: 'File upload failed to complete',
  // Spec section 8: the file arrived but could not be processed or stored.
  failed: 'There was a problem while uploading your file.',
  missing: 'Please choose a file to upload.',
} as const;

export type UploadKind = 'image' | 'file';

export interface UploadRule {
  maxBytes: number;
  /** The words before 'file' in the unsupported message. */
  fileTypeMessage: string;
  /** What the file picker offers (its accept attribute); the server checks the content itself. */
  accept: string;
  /** MIME types the browser reports for files of this kind; empty for any. */
  mimeTypes: readonly string[];
}

const MIB = 1024 * 1024;

export const UPLOAD_RULES: Readonly<Record<UploadKind, UploadRule>> = {
  image: {
    maxBytes: 20 * MIB,
    fileTypeMessage: 'image ',
    accept: 'image/jpeg,image/png,image/webp,image/gif',
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  },
  // A digital product's download: any kind of file (a PDF, an archive, audio, video).
  file: { maxBytes: 250 * MIB, fileTypeMessage: '', accept: '', mimeTypes: [] },
};

/** The file's own name without any folder a browser or tool put before it, at most 255 characters. */
export function uploadFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...(clean || 'file')].slice(0, 255).join('');
}

/** The message for a file over its kind's size, as both sides word it. */
export function tooLargeMessage(kind: UploadKind, fileName: string): string {
  return UPLOAD_MESSAGES.tooLarge(uploadFileName(fileName), formatFileSize(UPLOAD_RULES[kind].maxBytes));
}

export function unsupportedMessage(kind: UploadKind, fileName: string): string {
  return UPLOAD_MESSAGES.unsupported(uploadFileName(fileName), UPLOAD_RULES[kind].fileTypeMessage);
}

/** What the browser can tell before sending: too large, or a type the kind does not take; null when it may be sent. */
export function checkBeforeUpload(kind: UploadKind, file: { name: string; size: number; type: string }): string | null {
  const rule = UPLOAD_RULES[kind];
  if (file.size > rule.maxBytes) return tooLargeMessage(kind, file.name);
  if (rule.mimeTypes.length > 0 && !rule.mimeTypes.includes(file.type)) return unsupportedMessage(kind, file.name);
  return null;
}
