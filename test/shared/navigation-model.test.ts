/** The navigation editor's moves (admin/panels/navigation-model.ts): pure functions of the link tree. */
import t from 'tap';
import {
  type EditableLink,
  editable,
  intoFolderAbove,
  move,
  outOfFolder,
  remove,
  saved,
} from '../../admin/panels/navigation-model.ts';

const link = (collectionId: string) => ({ collectionId, externalLink: null, memberAreaId: null, items: [] });
const folder = (title: string, items = [] as ReturnType<typeof link>[]) => ({
  collectionId: null,
  externalLink: null,
  memberAreaId: null,
  title,
  items,
});
const ids = (links: EditableLink[]): unknown[] =>
  links.map((l) => (l.items.length > 0 || l.title ? [l.title ?? l.collectionId, ids(l.items)] : l.collectionId));

const start = () => [link('a'), folder('F', [link('x'), link('y')]), link('b')].map(editable);

t.test('up and down, within the top list and within a folder; never past the ends', async (t) => {
  t.same(ids(move(start(), [2], -1)), ['a', 'b', ['F', ['x', 'y']]]);
  t.same(ids(move(start(), [1, 0], 1)), ['a', ['F', ['y', 'x']], 'b']);
  const links = start();
  t.equal(move(links, [0], -1), links, 'the first cannot go up');
  t.equal(move(links, [1, 1], 1), links, 'the last in a folder cannot go down');
});

t.test('into the folder above and out of it; a folder never goes into a folder', async (t) => {
  const links = [link('a'), folder('F'), link('b'), folder('G')].map(editable);
  t.same(ids(intoFolderAbove(links, 2)), ['a', ['F', ['b']], ['G', []]]);
  t.equal(intoFolderAbove(links, 1), links, 'a is no folder');
  t.equal(intoFolderAbove(links, 3), links, 'G is a folder');
  t.same(ids(outOfFolder(start(), 1, 0)), ['a', ['F', ['y']], 'x', 'b']);
});

t.test('remove, and what is saved has no editor keys', async (t) => {
  t.same(ids(remove(start(), [1, 1])), ['a', ['F', ['x']], 'b']);
  const out = start().map(saved);
  t.notOk(JSON.stringify(out).includes('"key"'));
  t.same(out[1], folder('F', [link('x'), link('y')]));
  t.not(start()[0]!.key, start()[0]!.key, 'each load gets keys of its own');
});
