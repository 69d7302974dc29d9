/** Multipart uploads through inject(), as the admin app's uploader sends them, and pictures to upload. */
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { OwnerClient } from './owner-helpers.ts';
import { OWNER_XSRF_HEADER } from './owner-helpers.ts';

const BOUNDARY = '----sitebuilder-test-boundary';

export interface FilePart {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body with one file field named 'file'; `cut` ends it that many bytes early. */
export function multipartBody(file: FilePart, options: { cut?: number } = {}): Buffer {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return options.cut ? body.subarray(0, body.length - options.cut) : body;
}

/** Posts a file as the signed-in owner (cookies, crumb and owner token). */
export function uploadAs(
  client: OwnerClient,
  url: string,
  file: FilePart,
  options: { cut?: number } = {},
): Promise<LightMyRequestResponse> {
  return client.app.inject({
    method: 'POST',
    url,
    remoteAddress: client.address,
    headers: {
      host: client.host,
      cookie: client.cookieHeader,
      'x-csrf-token': client.cookies.get('crumb') ?? '',
      ...(client.ownerXsrf ? { [OWNER_XSRF_HEADER]: client.ownerXsrf } : {}),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipartBody(file, options),
  });
}

/** A photo-like picture: a gradient, so it has something to resize, in the format asked for. */
export async function testPicture(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#2d6a4f"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}
