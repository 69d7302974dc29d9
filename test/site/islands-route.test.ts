import t from 'tap';
import { openDemoApp } from './demo-app.ts';

t.test('pages load the islands entry; its chunks are served with it, cached for good', async (t) => {
  const { app } = await openDemoApp(t);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  const page = await get('/shop/stoneware-mug');
  const entry = /<script type="module" src="(\/islands\/main-[A-Z0-9]+\.js)"[^>]*><\/script>/.exec(page.body)?.[1];
  t.ok(entry, 'one module script, named by its content');
  const script = await get(entry!);
  t.equal(script.statusCode, 200);
  t.match(script.headers['content-type'], /text\/javascript/);
  t.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable');
  t.equal((await get(entry!, { 'if-none-match': String(script.headers.etag) })).statusCode, 304);

  const chunks = [...script.body.matchAll(/["'](\.\/chunk-[A-Z0-9]+\.js)["']/g)].map((m) => m[1]!);
  t.ok(chunks.length >= 2, 'React and the cart page come as chunks');
  for (const chunk of chunks) {
    t.equal((await get(new URL(chunk, `http://localhost${entry}`).pathname)).statusCode, 200, chunk);
  }
  t.equal((await get('/islands/main-NOPE.js')).statusCode, 404);
  t.equal((await get('/islands/..%2Fpackage.json')).statusCode, 404);
});
