/**
 * The JSON files of a template package (template.conf, collections/NAME.conf,
 * pages/NAME.page.conf): their schemas, and a reader that reports bad JSON and
 * bad shapes at the line and column of the problem. Keys we do not use are kept.
 */
import { z } from 'zod';
import { readJsonSource } from './json-source.ts';
import { type PackageError, packageError } from './package-errors.ts';
import { LineIndex } from './source-position.ts';

const name = z.string().min(1);

export const templateConfSchema = z.looseObject({
  name,
  author: z.string().optional(),
  layouts: z
    .record(z.string(), z.looseObject({ name, regions: z.array(name).min(1) }))
    .refine((layouts) => Object.keys(layouts).length > 0, 'declare at least one layout'),
  navigations: z.array(z.looseObject({ title: z.string(), name })).default([]),
  stylesheets: z.array(name).default([]),
  systemCollections: z.array(name).default([]),
  /** The platform's partials the package applies by name (system-partials.ts). */
  systemPartials: z.array(name).default([]),
});

export const collectionConfSchema = z.looseObject({
  // Optional: a system collection's .conf may only change its settings (page.conf with
  // { "supportsVideoBackgrounds": true }, products.conf with { "systemCollectionVersion": "2.0" }).
  title: z.string().optional(),
  ordering: z.string().optional(),
  addText: z.string().optional(),
  acceptTypes: z.array(z.string()).optional(),
  folder: z.boolean().optional(),
});

export const pageConfSchema = z.looseObject({
  title: z.string().optional(),
});

export type TemplateConf = z.infer<typeof templateConfSchema>;
export type CollectionConf = z.infer<typeof collectionConfSchema>;
export type PageConf = z.infer<typeof pageConfSchema>;

export interface ConfRead<T> {
  /** Undefined when the file is not valid JSON of the right shape. */
  readonly value: T | undefined;
  readonly errors: readonly PackageError[];
  /** Finds where a value of the file starts, for errors found later (a region that does not exist). */
  readonly positionOf: (path: readonly PropertyKey[]) => { line: number; column: number };
}

/** Schema problems past this many are left out: the first ones are what an author fixes first. */
const MAX_SHAPE_ERRORS = 10;

function describePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out === '' ? '(top level)' : out;
}

/** readConf('template.conf', text, templateConfSchema, 'template.conf') → value plus positioned errors. */
export function readConf<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  what: string,
): ConfRead<z.infer<S>> {
  const lines = new LineIndex(text);
  const json = readJsonSource(text);
  if (!json.ok) {
    const error = packageError('BAD_JSON', { detail: json.detail }, file, lines.at(json.offset), lines);
    return { value: undefined, errors: [error], positionOf: () => ({ line: 1, column: 1 }) };
  }
  const positionOf = (path: readonly PropertyKey[]) => lines.at(json.offsetOf(path));
  const parsed = schema.safeParse(json.value);
  if (parsed.success) return { value: parsed.data, errors: [], positionOf };
  const errors = parsed.error.issues.slice(0, MAX_SHAPE_ERRORS).map((issue) => {
    const detail = `${describePath(issue.path)}: ${issue.message}`;
    return packageError('BAD_CONF', { what, detail }, file, positionOf(issue.path), lines);
  });
  return { value: undefined, errors, positionOf };
}
