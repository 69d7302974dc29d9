/**
 * Signed download links (issue 24): one file of one order, until a time.
 * The signature is an HMAC of the server's secret (renderer/server-secret.ts,
 * shared by every process) over the website, order, file and expiry, so a
 * link cannot be moved to another file or order or kept alive by editing
 * its expiry. What a link may still do (its count, the order's own end,
 * which the owner can move) is the database's to say
 * (download-repository.ts); the link only proves who was given it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { downloadFilePath } from '../../shared/digital-downloads.ts';

export interface DownloadTarget {
  websiteId: string;
  orderId: string;
  fileId: string;
  /** Milliseconds since the epoch after which the link is refused. */
  expires: number;
}

function signature(secret: string, target: DownloadTarget): string {
  return createHmac('sha256', secret)
    .update(['download', target.websiteId, target.orderId, target.fileId, String(target.expires)].join('\n'))
    .digest('base64url');
}

/** The file's address, signed. */
export function signedDownloadPath(secret: string, target: DownloadTarget): string {
  return downloadFilePath(target.orderId, target.fileId, target.expires, signature(secret, target));
}

/** Whether `sent` is the signature of the target; compared without telling how much of it matched. */
export function verifyDownloadSignature(secret: string, target: DownloadTarget, sent: string): boolean {
  const expected = Buffer.from(signature(secret, target));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
