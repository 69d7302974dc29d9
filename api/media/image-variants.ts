/**
 * An uploaded picture made ready to serve with sharp: turned upright (EXIF
 * orientation), stripped of its metadata (a phone's location among it), and
 * kept at the spec's width breakpoints (section 9: 100w to 2500w) up to its
 * own width, beside the original, in the format it came in. The corners'
 * and centre's average colours are the image's colorData (spec section 3).
 */
import type { Sharp } from 'sharp';
import { IMAGE_BREAKPOINTS } from '../../formatters/content/dimensions.ts';
import type { ImageExtension, StoredFormat } from './media-store.ts';

/** The formats a picture may come in, and how each is stored and served. */
const FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  webp: { extension: 'webp', contentType: 'image/webp' },
  gif: { extension: 'gif', contentType: 'image/gif' },
} as const satisfies Record<string, { extension: ImageExtension; contentType: string }>;

type InputFormat = keyof typeof FORMATS;

const RASTER_TYPES: ReadonlySet<string> = new Set(Object.values(FORMATS).map((format) => format.contentType));

/**
 * The widths a picture is kept at beside its original: each breakpoint up to its own width. A vector
 * picture (the demo site's SVGs) is one file at every size, so it has none, and pages offer no srcset
 * that would have the browser fetch the same file again under another address.
 */
export function storedWidths(contentType: string, width: number): number[] {
  return RASTER_TYPES.has(contentType) ? IMAGE_BREAKPOINTS.filter((breakpoint) => breakpoint <= width) : [];
}

/**
 * Above any phone or camera photo (a 50-megapixel sensor), and a cap on
 * what a small file that decompresses to a vast picture can make the server
 * hold (a 20 MB PNG may claim billions of pixels).
 */
const MAX_INPUT_PIXELS = 60_000_000;

export interface PreparedImage {
  extension: ImageExtension;
  contentType: string;
  width: number;
  height: number;
  colorData: Record<string, string>;
  formats: Map<StoredFormat, Buffer>;
}

export type PrepareResult = { ok: true; image: PreparedImage } | { ok: false; reason: 'unsupported' };

const hex = (pixels: Buffer, index: number) =>
  [0, 1, 2].map((channel) => pixels[index * 3 + channel]!.toString(16).padStart(2, '0')).join('');

async function colorData(input: Sharp): Promise<Record<string, string>> {
  // Nine cells of the picture, each its average colour: the corners and the centre are what the spec names.
  const pixels = await input
    .clone()
    .resize(3, 3, { fit: 'fill', kernel: 'cubic' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return {
    topLeftAverage: hex(pixels, 0),
    topRightAverage: hex(pixels, 2),
    bottomLeftAverage: hex(pixels, 6),
    bottomRightAverage: hex(pixels, 8),
    centerAverage: hex(pixels, 4),
  };
}

/** Reads the picture and makes every stored format, or says it is not a picture this store takes. */
export async function prepareImage(input: Buffer): Promise<PrepareResult> {
  let format: InputFormat;
  let source: Sharp;
  let width: number;
  let height: number;
  // Loaded on the first upload: a server that never takes one does not hold sharp's ~25 MB.
  const { default: sharp } = await import('sharp');
  try {
    source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    const metadata = await source.metadata();
    if (!Object.hasOwn(FORMATS, metadata.format)) return { ok: false, reason: 'unsupported' };
    format = metadata.format as InputFormat;
    width = metadata.autoOrient.width;
    height = metadata.autoOrient.height;
  } catch {
    return { ok: false, reason: 'unsupported' };
  }
  try {
    const encode = (image: Sharp) => image.toFormat(format).toBuffer();
    const formats = new Map<StoredFormat, Buffer>([['original', await encode(source.clone())]]);
    const { extension, contentType } = FORMATS[format];
    for (const breakpoint of storedWidths(contentType, width)) {
      formats.set(`${breakpoint}w`, await encode(source.clone().resize({ width: breakpoint })));
    }
    return { ok: true, image: { extension, contentType, width, height, colorData: await colorData(source), formats } };
  } catch {
    // The header read but the pixels do not (a cut-off or damaged file).
    return { ok: false, reason: 'unsupported' };
  }
}
