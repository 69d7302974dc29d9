/**
 * Uploads (multipart, @fastify/multipart, registered in this plugin only):
 * pictures for products and content, resized with sharp into the spec's
 * width breakpoints (api/media/image-variants.ts) and kept in the media store
 * under DATA_DIR; their alt text and focal point; and digital products'
 * files. A failed upload answers with the spec's messages (section 8) and
 * leaves nothing behind: no row, no file.
 */
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatFileSize } from '../../shared/file-size.ts';
import { UPLOAD_RULES, type UploadKind, uploadFileName } from '../../shared/upload-rules.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import { prepareImage } from '../media/image-variants.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { Db } from '../repositories/transaction.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerImageJson } from './owner-product-routes.ts';
import { ownerRoute } from './owner-route.ts';
import { parseInput } from './validation.ts';

export const MEDIA_IMAGES_PATH = '/api/owner/media/images';
export const MEDIA_FILES_PATH = '/api/owner/media/files';

const imageParams = z.object({ imageId: z.string().max(100) });
const fileParams = z.object({ fileId: z.string().max(100) });

export const IMAGE_DETAILS_MESSAGES = {
  altTextTooLong: 'Alt text can be at most 250 characters long.',
  focalPointInvalid: 'The focal point is two numbers from 0 to 1.',
} as const;

const unit = z
  .number()
  .min(0, IMAGE_DETAILS_MESSAGES.focalPointInvalid)
  .max(1, IMAGE_DETAILS_MESSAGES.focalPointInvalid);
/** Spec section 9: alt text falls back to at most 250 characters, so the owner's own is held to the same. */
export const imageDetailsSchema = z.object({
  altText: z.string().trim().max(250, IMAGE_DETAILS_MESSAGES.altTextTooLong),
  focalPoint: z.object({ x: unit, y: unit }),
});

/** The error a failed read of the upload answers with: too large, the request's own fault, or cut short. */
function readFailure(error: unknown, kind: UploadKind, fileName: string): ApiError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ApiError('upload-too-large', {
      params: { fileName, maxSize: formatFileSize(UPLOAD_RULES[kind].maxBytes) },
    });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ApiError('unsupported-media-type');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError('bad-request');
  }
  return new ApiError('upload-incomplete');
}

/** The request's one file part, or the spec's message for why there is none to read. */
async function filePart(request: FastifyRequest, kind: UploadKind): Promise<MultipartFile> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: UPLOAD_RULES[kind].maxBytes } });
  } catch (error) {
    throw readFailure(error, kind, '');
  }
  if (!part) throw new ApiError('upload-missing');
  return part;
}

/** The type the browser named, when it is one; a download is only ever sent back as an attachment. */
function contentTypeOf(mimetype: string): string {
  return /^[\w.+-]{1,100}\/[\w.+-]{1,100}$/.test(mimetype) ? mimetype : 'application/octet-stream';
}

export async function mediaRoutes(app: FastifyInstance, options: { db: Db; media: MediaStore }): Promise<void> {
  const { db, media } = options;
  // One file and a few fields at most: an upload is one picture or one download.
  await app.register(multipart, { limits: { files: 1, fields: 4, fieldSize: 1_000, parts: 5, headerPairs: 100 } });

  ownerRoute(app, {
    method: 'POST',
    url: MEDIA_IMAGES_PATH,
    permission: 'media:write',
    handler: async (request, reply) => {
      const websiteId = requireOwner(request).site.website.id;
      const part = await filePart(request, 'image');
      const fileName = uploadFileName(part.filename);
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        throw readFailure(error, 'image', fileName);
      }
      const prepared = await prepareImage(data);
      if (!prepared.ok) {
        throw new ApiError('upload-unsupported', {
          params: { fileName, fileTypeMessage: UPLOAD_RULES.image.fileTypeMessage },
        });
      }
      const { image } = prepared;
      const id = newId();
      try {
        await media.saveImage(websiteId, id, image.extension, image.formats);
      } catch (error) {
        request.log.error({ err: error }, 'storing an uploaded picture failed');
        throw new ApiError('upload-failed');
      }
      try {
        const row = await db
          .insertInto('images')
          .values({
            websiteId,
            id,
            assetUrl: media.imageUrl(websiteId, id, fileName, image.extension),
            filename: fileName,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            focalX: 0.5,
            focalY: 0.5,
            colorData: json(image.colorData),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        reply.code(201);
        return { image: ownerImageJson(row) };
      } catch (error) {
        await media.removeImage(websiteId, id);
        throw error;
      }
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${MEDIA_IMAGES_PATH}/:imageId`,
    permission: 'media:write',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const { imageId } = parseInput(imageParams, request.params);
      const body = parseOwnerInput(imageDetailsSchema, request.body);
      const row = await db
        .updateTable('images')
        .set({ altText: body.altText, focalX: body.focalPoint.x, focalY: body.focalPoint.y })
        .where('websiteId', '=', websiteId)
        .where('id', '=', imageId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError('image-not-found');
      return { image: ownerImageJson(row) };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: MEDIA_FILES_PATH,
    permission: 'media:write',
    handler: async (request, reply) => {
      const websiteId = requireOwner(request).site.website.id;
      const part = await filePart(request, 'file');
      const fileName = uploadFileName(part.filename);
      let temporary: string;
      try {
        temporary = await media.temporaryPath();
      } catch (error) {
        part.file.resume();
        request.log.error({ err: error }, 'no room for an upload');
        throw new ApiError('upload-failed');
      }
      try {
        try {
          await pipeline(part.file, createWriteStream(temporary));
        } catch (error) {
          throw readFailure(error, 'file', fileName);
        }
        if (part.file.truncated) throw readFailure({ code: 'FST_REQ_FILE_TOO_LARGE' }, 'file', fileName);
        const id = newId();
        const size = (await stat(temporary)).size;
        try {
          await media.keepFile(websiteId, id, temporary);
        } catch (error) {
          request.log.error({ err: error }, 'storing an uploaded file failed');
          throw new ApiError('upload-failed');
        }
        try {
          await db
            .insertInto('mediaFiles')
            .values({ websiteId, id, filename: fileName, contentType: contentTypeOf(part.mimetype), sizeBytes: size })
            .execute();
        } catch (error) {
          await media.removeFile(websiteId, id);
          throw error;
        }
        reply.code(201);
        return { file: { id, filename: fileName, sizeBytes: size } };
      } finally {
        await rm(temporary, { force: true });
      }
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${MEDIA_FILES_PATH}/:fileId`,
    permission: 'products:read',
    handler: async (request, reply) => {
      const websiteId = requireOwner(request).site.website.id;
      const { fileId } = parseInput(fileParams, request.params);
      const row = await db
        .selectFrom('mediaFiles')
        .select(['filename', 'contentType'])
        .where('websiteId', '=', websiteId)
        .where('id', '=', fileId)
        .executeTakeFirst();
      const stored = row ? await media.openFile(websiteId, fileId) : undefined;
      if (!row || !stored) throw new ApiError('file-not-found');
      return reply
        .type(row.contentType)
        .header('content-length', String(stored.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
        .send(stored.open());
    },
  });
}
