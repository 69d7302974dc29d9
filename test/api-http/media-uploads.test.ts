/**
 * Uploads through inject(): a picture is kept at the spec's width
 * breakpoints under the media folder and served at its assetUrl with
 * ?format=; each of the spec's upload messages (section 8) for the failure
 * it names, each leaving no row and no file; alt text and focal point; a
 * digital product's file, up and down again.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { formatFileSize } from '../../shared/file-size.ts';
import { UPLOAD_MESSAGES, UPLOAD_RULES } from '../../shared/upload-rules.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { OwnerClient } from './owner-helpers.ts';
import { testPicture, uploadAs } from './upload-helpers.ts';

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'media-uploads-test-'));
t.teardown(() => rmSync(mediaDir, { recursive: true, force: true }));
const { app, handle, warnings } = await openDemoApp(t, { server: { mediaDir } });
const db = handle.db;
const IMAGES = '/api/owner/media/images';
const FILES = '/api/owner/media/files';

const manager = new OwnerClient(app);
await manager.ownerSignIn(DEMO_OWNERS.storeManager.email, DEMO_OWNERS.storeManager.password);

async function imageCount(): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every file kept for the demo website's pictures (staging folders included). */
function storedImageFiles(): string[] {
  const dir = path.join(mediaDir, 'images', DEMO_WEBSITE_ID);
  try {
    return readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
}

t.test('a picture is kept at each breakpoint up to its width and served by ?format=', async (t) => {
  const data = await testPicture(1200, 800, 'jpeg');
  const response = await uploadAs(manager, IMAGES, {
    fileName: 'Linen Apron, Blue.JPG',
    contentType: 'image/jpeg',
    data,
  });
  t.equal(response.statusCode, 201, response.body);
  const { image } = response.json();
  t.match(image, {
    filename: 'Linen Apron, Blue.JPG',
    width: 1200,
    height: 800,
    altText: '',
    focalPoint: { x: 0.5, y: 0.5 },
  });
  t.equal(image.assetUrl, `/content/${DEMO_WEBSITE_ID}/${image.id}/linen-apron-blue.jpg`);
  t.same(
    readdirSync(path.join(mediaDir, 'images', DEMO_WEBSITE_ID, image.id)).sort(),
    ['1000w.jpg', '100w.jpg', '300w.jpg', '500w.jpg', '750w.jpg', 'original.jpg'],
    'the breakpoints up to 1200 px (spec section 9) and the original',
  );
  const row = await db
    .selectFrom('images')
    .selectAll()
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', image.id)
    .executeTakeFirstOrThrow();
  t.equal(row.contentType, 'image/jpeg');
  t.match(row.colorData, { topLeftAverage: /^[0-9a-f]{6}$/, centerAverage: /^[0-9a-f]{6}$/ });
  t.not(row.colorData?.topLeftAverage, row.colorData?.topRightAverage, 'the gradient runs left to right');

  for (const [format, width] of [
    ['300w', 300],
    ['1000w', 1000],
    ['2500w', 1200],
    ['original', 1200],
  ] as const) {
    const served = await app.inject({ url: `${image.assetUrl}?format=${format}`, headers: { host: 'localhost' } });
    t.equal(served.statusCode, 200, format);
    t.equal(served.headers['content-type'], 'image/jpeg', format);
    t.match(served.headers['cache-control'], /immutable/, format);
    t.equal((await sharp(served.rawPayload).metadata()).width, width, `${format} is ${width} px wide`);
  }
  const plain = await app.inject({ url: image.assetUrl, headers: { host: 'localhost' } });
  t.equal((await sharp(plain.rawPayload).metadata()).width, 1200, 'no format is the original');
  const other = await app.inject({ url: image.assetUrl.replace('.jpg', '.png'), headers: { host: 'localhost' } });
  t.equal(other.statusCode, 404, 'only its own extension');
  const traversal = await app.inject({
    url: `/content/${DEMO_WEBSITE_ID}/..%2F..%2Fsecret/x.jpg`,
    headers: { host: 'localhost' },
  });
  t.equal(traversal.statusCode, 404);
});

t.test('a phone photo is turned upright and loses its metadata', async (t) => {
  // EXIF orientation 6: stored sideways, shown turned a quarter clockwise.
  const sideways = await sharp(await testPicture(400, 300, 'jpeg'))
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  const response = await uploadAs(manager, IMAGES, {
    fileName: 'phone.jpg',
    contentType: 'image/jpeg',
    data: sideways,
  });
  t.equal(response.statusCode, 201, response.body);
  t.match(response.json().image, { width: 300, height: 400 });
  const served = await app.inject({ url: response.json().image.assetUrl, headers: { host: 'localhost' } });
  const metadata = await sharp(served.rawPayload).metadata();
  t.equal(metadata.orientation, undefined, 'no orientation left to apply');
  t.equal(metadata.exif, undefined, 'no EXIF block');
});

t.test("'The file {fileName} is too large. The maximum allowed file size is {maxSize}.'", async (t) => {
  const before = await imageCount();
  const files = storedImageFiles();
  const data = Buffer.alloc(UPLOAD_RULES.image.maxBytes + 1, 1);
  const response = await uploadAs(manager, IMAGES, { fileName: 'huge.png', contentType: 'image/png', data });
  t.equal(response.statusCode, 413);
  t.equal(formatFileSize(UPLOAD_RULES.image.maxBytes), '20 MB');
  t.same(response.json().error, {
    code: 'upload-too-large',
    message: 'The file huge.png is too large. The maximum allowed file size is 20 MB.',
  });
  t.equal(await imageCount(), before, 'no picture recorded');
  t.same(storedImageFiles(), files, 'no file kept');
});

t.test("'The file {fileName} does not appear to be a supported {fileTypeMessage}file.'", async (t) => {
  const before = await imageCount();
  const files = storedImageFiles();
  const png = await testPicture(600, 400, 'png');
  const cases = [
    { fileName: 'notes.txt', contentType: 'text/plain', data: Buffer.from('not a picture at all') },
    // What the browser says it is does not count, only what it holds.
    { fileName: 'scan.png', contentType: 'image/png', data: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') },
    { fileName: 'cut-off.png', contentType: 'image/png', data: png.subarray(0, Math.floor(png.length / 2)) },
    {
      fileName: 'drawing.svg',
      contentType: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    },
  ];
  for (const file of cases) {
    const response = await uploadAs(manager, IMAGES, file);
    t.equal(response.statusCode, 415, file.fileName);
    t.same(response.json().error, {
      code: 'upload-unsupported',
      message: `The file ${file.fileName} does not appear to be a supported image file.`,
    });
  }
  t.equal(UPLOAD_MESSAGES.unsupported('a.bin', ''), 'The file a.bin does not appear to be a supported file.');
  t.equal(await imageCount(), before);
  t.same(storedImageFiles(), files);
});

t.test("'File upload failed to complete'", async (t) => {
  const before = await imageCount();
  const data = await testPicture(600, 400, 'png');
  const response = await uploadAs(
    manager,
    IMAGES,
    { fileName: 'cut.png', contentType: 'image/png', data },
    { cut: 200 },
  );
  t.equal(response.statusCode, 400);
  t.same(response.json().error, { code: 'upload-incomplete', message: 'File upload failed to complete' });
  const file = await uploadAs(
    manager,
    FILES,
    { fileName: 'guide.pdf', contentType: 'application/pdf', data: Buffer.alloc(50_000, 7) },
    { cut: 1_000 },
  );
  t.equal(file.statusCode, 400);
  t.equal(file.json().error.message, 'File upload failed to complete');
  t.equal(await imageCount(), before);
  t.same(readdirSync(path.join(mediaDir, 'tmp')), [], 'the part written is thrown away');
});

t.test("'There was a problem while uploading your file.'", async (t) => {
  const before = await imageCount();
  // The website's picture folder cannot be made: a file is where it would go.
  const blocked = path.join(mediaDir, 'images', DEMO_WEBSITE_ID);
  rmSync(blocked, { recursive: true, force: true });
  writeFileSync(blocked, 'in the way');
  t.teardown(() => rmSync(blocked, { force: true }));
  const seen = warnings.length;
  const data = await testPicture(600, 400, 'png');
  const response = await uploadAs(manager, IMAGES, { fileName: 'fine.png', contentType: 'image/png', data });
  t.equal(response.statusCode, 500);
  t.same(response.json().error, { code: 'upload-failed', message: 'There was a problem while uploading your file.' });
  t.equal(await imageCount(), before, 'no picture recorded');
  t.ok(
    warnings.slice(seen).some((line) => line.msg === 'storing an uploaded picture failed'),
    'the cause is logged for the operator',
  );
});

t.test('a request without a file is asked for one', async (t) => {
  const response = await app.inject({
    method: 'POST',
    url: IMAGES,
    remoteAddress: manager.address,
    headers: {
      host: 'localhost',
      cookie: manager.cookieHeader,
      'x-csrf-token': manager.cookies.get('crumb') ?? '',
      'x-owner-xsrf-token': manager.ownerXsrf ?? '',
      'content-type': 'multipart/form-data; boundary=b',
    },
    payload: '--b\r\nContent-Disposition: form-data; name="altText"\r\n\r\nA mug\r\n--b--\r\n',
  });
  t.equal(response.statusCode, 400);
  t.same(response.json().error, { code: 'upload-missing', message: 'Please choose a file to upload.' });
  const json = await manager.request('POST', IMAGES, { file: 'not multipart' });
  t.equal(json.statusCode, 415, 'JSON is not an upload');
});

t.test('alt text and focal point', async (t) => {
  const data = await testPicture(800, 600, 'webp');
  const { image } = (await uploadAs(manager, IMAGES, { fileName: 'mug.webp', contentType: 'image/webp', data })).json();
  const saved = await manager.request('PUT', `${IMAGES}/${image.id}`, {
    altText: '  A blue mug on a shelf  ',
    focalPoint: { x: 0.25, y: 0.8 },
  });
  t.equal(saved.statusCode, 200, saved.body);
  t.match(saved.json().image, { altText: 'A blue mug on a shelf', focalPoint: { x: 0.25, y: 0.8 } });
  const refused = await manager.request('PUT', `${IMAGES}/${image.id}`, {
    altText: 'x'.repeat(251),
    focalPoint: { x: 1.5, y: 0.5 },
  });
  t.equal(refused.statusCode, 400);
  t.same(refused.json().error.fields, {
    altText: 'Alt text can be at most 250 characters long.',
    'focalPoint.x': 'The focal point is two numbers from 0 to 1.',
  });
  const row = await db
    .selectFrom('images')
    .select(['altText', 'focalX', 'focalY'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', image.id)
    .executeTakeFirstOrThrow();
  t.same(row, { altText: 'A blue mug on a shelf', focalX: 0.25, focalY: 0.8 }, 'the refused change left it as it was');
  const missing = await manager.request('PUT', `${IMAGES}/${'0'.repeat(24)}`, {
    altText: '',
    focalPoint: { x: 0.5, y: 0.5 },
  });
  t.equal(missing.statusCode, 404);
});

t.test("a digital product's file goes up and comes back", async (t) => {
  const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
  const response = await uploadAs(manager, FILES, {
    fileName: 'Field Guide (2nd edition).pdf',
    contentType: 'application/pdf',
    data,
  });
  t.equal(response.statusCode, 201, response.body);
  const { file } = response.json();
  t.match(file, { filename: 'Field Guide (2nd edition).pdf', sizeBytes: data.length });
  const viewer = new OwnerClient(app);
  await viewer.ownerSignIn(DEMO_OWNERS.viewer.email, DEMO_OWNERS.viewer.password);
  const download = await viewer.request('GET', `${FILES}/${file.id}`);
  t.equal(download.statusCode, 200);
  t.equal(download.headers['content-type'], 'application/pdf');
  t.match(download.headers['content-disposition'], /^attachment; filename\*=UTF-8''Field%20Guide/);
  t.ok(download.rawPayload.equals(data), 'the same bytes');
  t.equal((await viewer.request('GET', `${FILES}/${'0'.repeat(24)}`)).statusCode, 404);
  const refused = await uploadAs(viewer, FILES, { fileName: 'x.pdf', contentType: 'application/pdf', data });
  t.equal(refused.statusCode, 403, 'a viewer cannot upload');
});
