/** The form builder's edits as pure functions of the field list (admin/panels/form-builder-model.ts). */
import t from 'tap';
import {
  changeField,
  editableField,
  moveField,
  newField,
  problemFieldIndex,
  removeField,
  sentFields,
} from '../../admin/panels/form-builder-model.ts';
import { builderFieldSchema } from '../../shared/form-builder-schema.ts';
import { FORM_FIELD_TYPES } from '../../shared/form-field-types.ts';

const list = () => ['a', 'b', 'c'].map((title) => editableField({ type: 'text', title }));
const titles = (fields: { title: string }[]) => fields.map((field) => field.title);

t.test('moves, removes and changes by index; out of range changes nothing', async (t) => {
  const fields = list();
  t.same(titles(moveField(fields, 0, 1)), ['b', 'a', 'c']);
  t.same(titles(moveField(fields, 2, -1)), ['a', 'c', 'b']);
  t.same(titles(moveField(fields, 0, -1)), ['a', 'b', 'c']);
  t.same(titles(moveField(fields, 2, 1)), ['a', 'b', 'c']);
  t.same(titles(removeField(fields, 1)), ['a', 'c']);
  t.same(titles(changeField(fields, 1, { title: 'B' })), ['a', 'B', 'c']);
  t.same(titles(fields), ['a', 'b', 'c'], 'the list itself is left alone');
  t.equal(new Set(fields.map((field) => field.uid)).size, 3, 'each field its own uid');
});

t.test('a new field of every type passes the shared schema as it is', async (t) => {
  for (const type of FORM_FIELD_TYPES) {
    const [sent] = sentFields([newField(type)]);
    t.ok(builderFieldSchema.safeParse(sent).success, type);
    t.notOk('uid' in sent!, `${type}: the uid stays in the builder`);
  }
});

t.test('a problem path names its field', async (t) => {
  t.equal(problemFieldIndex('fields.3.title'), 3);
  t.equal(problemFieldIndex('fields.12'), 12);
  t.equal(problemFieldIndex('name'), undefined);
});
