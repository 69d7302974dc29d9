/**
 * The preview with a template package that has an error (issue 23): the
 * page still comes back as far as it renders, and the error is reported
 * with its file:line:col, as development mode shows it, even though the
 * server runs in production mode.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { collectionId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { OwnerClient } from './owner-helpers.ts';

const dir = await mkdtemp(path.join(tmpdir(), 'preview-package-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));
await cp(new URL('../../templates/default', import.meta.url).pathname, dir, { recursive: true });
const list = path.join(dir, 'collections/page.list');
const source = await readFile(list, 'utf8');
// Line 11 of page.list: a formatter no engine knows.
await writeFile(list, source.replace('{collection.title|html}', '{collection.title|no-such-formatter}'));

const { app } = await openDemoApp(t, { templateDir: dir });
const editor = new OwnerClient(app);
await editor.ownerSignIn(DEMO_OWNERS.editor.email, DEMO_OWNERS.editor.password);

t.test('a template error comes back with its file:line:col', async (t) => {
  const response = await editor.request('POST', '/api/owner/content/preview', {
    subject: { kind: 'page', collectionId: collectionId('about'), blocks: [{ type: 2, html: '<p>Draft.</p>' }] },
  });
  t.equal(response.statusCode, 200, response.statusCode === 200 ? 'answered' : response.body);
  const { problems } = response.json() as {
    problems: { file: string; line: number; column: number; message: string }[];
  };
  const problem = problems.find((p) => p.file === 'collections/page.list');
  t.ok(problem, JSON.stringify(problems));
  t.equal(problem?.line, 11);
  t.ok((problem?.column ?? 0) > 0);
  t.match(problem?.message, 'no-such-formatter');
});
