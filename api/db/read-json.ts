/**
 * Reading JSONB columns through their zod schemas (json-schemas.ts). A row
 * written by an older version, by hand or by another tool may not hold what
 * the column's type claims; that is a server bug to surface where it is
 * read, not a value to pass on for some later code to trip over.
 */
import type { Selectable, SelectType } from 'kysely';
import type { z } from 'zod';
import { JSON_COLUMN_SCHEMAS, type JsonColumn, type JsonTable } from './json-schemas.ts';
import type { Database } from './schema.ts';

/** A list of 250 bad items would bury the message; the error keeps every issue. */
const MAX_ISSUES_SHOWN = 5;

/**
 * Thrown for a stored value that does not match its schema. Deliberately not
 * a ZodError: the API's error handler answers those with 400 (the request
 * was bad), and a corrupt row is a 500.
 */
export class StoredJsonError extends Error {
  override readonly name = 'StoredJsonError';

  /** Where the value came from, `table.column` as SQL spells it. */
  readonly where: string;
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(where: string, issues: readonly z.core.$ZodIssue[], cause: z.ZodError) {
    const shown = issues.slice(0, MAX_ISSUES_SHOWN).map(describeIssue);
    if (issues.length > MAX_ISSUES_SHOWN) shown.push(`and ${issues.length - MAX_ISSUES_SHOWN} more`);
    super(`stored JSON in ${where} does not match its schema: ${shown.join('; ')}`, { cause });
    this.where = where;
    this.issues = issues;
  }
}

/**
 * The value if it passes the schema, else a StoredJsonError naming `where`.
 * The stored value itself is returned, not zod's copy: zod drops object keys
 * its schema does not name, and a check should not rewrite what a newer
 * version stored. The input type must equal the output type, which rules
 * out schemas with defaults or transforms whose effect would be lost.
 */
export function readJson<T>(schema: z.ZodType<T, T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new StoredJsonError(where, result.error.issues, result.error);
  return value as T;
}

/** One JSON column's value, as read from a row of `table` (a join, an alias). */
export function readJsonColumn<T extends JsonTable, C extends JsonColumn<T>>(
  table: T,
  column: C,
  value: SelectType<Database[T][C]>,
): SelectType<Database[T][C]> {
  const schema = schemaOf(table, column) as z.ZodType<SelectType<Database[T][C]>, SelectType<Database[T][C]>>;
  return readJson(schema, value, sqlName(table, column));
}

/**
 * A row of `table` (selectAll, returningAll, or some of its columns) after
 * checking each of the table's JSON columns it holds: the same row,
 * unchanged. No row (executeTakeFirst found none) passes through.
 */
export function readJsonColumns<T extends JsonTable, R extends Partial<Selectable<Database[T]>> | undefined>(
  table: T,
  row: R,
): R {
  if (row === undefined) return row;
  const schemas: Readonly<Record<string, z.ZodType>> = JSON_COLUMN_SCHEMAS[table];
  for (const column in schemas) {
    if (column in row) readJson(schemas[column]!, (row as Record<string, unknown>)[column], sqlName(table, column));
  }
  return row;
}

function schemaOf(table: JsonTable, column: string): z.ZodType {
  return (JSON_COLUMN_SCHEMAS[table] as Readonly<Record<string, z.ZodType>>)[column]!;
}

/** `productVariants`, `attributes` → `product_variants.attributes`: what an operator looks up in psql. */
function sqlName(table: string, column: string): string {
  const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return `${snake(table)}.${snake(column)}`;
}

/** `[0].formId: Invalid input: expected string, received undefined`. */
function describeIssue(issue: z.core.$ZodIssue): string {
  let path = '';
  for (const key of issue.path) {
    if (typeof key === 'number') path += `[${key}]`;
    else path += path === '' ? String(key) : `.${String(key)}`;
  }
  return `${path === '' ? '(the value)' : path}: ${issue.message}`;
}
