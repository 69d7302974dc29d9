/**
 * The squarespace tags this renderer knows: their attributes and how each value
 * is checked, whether they take content, and what data they ask for. The same
 * checks run at compile time on literal values and at render time on values
 * produced by template syntax (`collection="{collection.urlId}"`).
 */
import type { PackageErrorCode } from './package-errors.ts';
import type { TagDataRequestOf } from './tag-data.ts';

export type TagKind = 'navigation' | 'folder-navigation' | 'category' | 'query' | 'block-field' | 'script';

/** Attribute values of one tag occurrence; a bare attribute (`featured`) has ''. */
export type AttributeValues = Readonly<Record<string, string>>;

export interface AttributeRule {
  readonly required?: boolean;
  /** Says what is wrong with a value, or undefined when it is fine. */
  readonly check?: (value: string) => string | undefined;
}

type RequestOf<K extends TagKind> = K extends 'script' ? undefined : TagDataRequestOf<Exclude<K, 'script'>>;

export interface TagDefinition<K extends TagKind> {
  readonly attributes: Readonly<Record<string, AttributeRule>>;
  /**
   * 'none': the tag stands alone (`<squarespace:script src=".."/>`);
   * 'template-or-body': it renders a block named by `template`, or its own content.
   */
  readonly content: 'none' | 'template-or-body';
  /** What the tag asks of the data source, from values that passed the checks. */
  readonly request: (values: AttributeValues) => RequestOf<K>;
}

export interface AttributeProblem {
  readonly code: Extract<PackageErrorCode, 'MISSING_ATTRIBUTE' | 'BAD_ATTRIBUTE_VALUE'>;
  readonly attribute: string;
  readonly detail: string;
}

/** Squarespace's own limits for a query. */
export const QUERY_LIMITS = { maxLimit: 100, maxSkip: 10 } as const;

const notEmpty = (value: string): string | undefined => (value.trim() === '' ? 'must not be empty' : undefined);

const wholeNumber =
  (min: number, max: number) =>
  (value: string): string | undefined =>
    /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max
      ? undefined
      : `must be a whole number from ${min} to ${max}, not '${value}'`;

const oneOf =
  (...allowed: string[]) =>
  (value: string): string | undefined =>
    allowed.includes(value) ? undefined : `must be ${allowed.map((a) => (a === '' ? 'empty' : `'${a}'`)).join(' or ')}`;

const flag = oneOf('', 'true', 'false');

/** `template="main-nav"` or `template="main-nav.block"`: a file name in blocks/. */
const blockName = (value: string): string | undefined =>
  /^[\w.-]+$/.test(value) && !value.startsWith('.') ? undefined : `'${value}' is not a block name`;

/** Relative to scripts/, never leaving it. */
const scriptPath = (value: string): string | undefined =>
  /^[\w.-]+(?:\/[\w.-]+)*$/.test(value) && !value.split('/').some((part) => part === '..' || part === '.')
    ? undefined
    : `'${value}' is not a path inside scripts/`;

const isOn = (value: string | undefined): boolean => value !== undefined && value !== 'false';

export const TAG_DEFINITIONS: { readonly [K in TagKind]: TagDefinition<K> } = {
  navigation: {
    attributes: { navigationId: { required: true, check: notEmpty }, template: { check: blockName } },
    content: 'template-or-body',
    request: (v) => ({ kind: 'navigation', navigationId: v.navigationId! }),
  },
  'folder-navigation': {
    attributes: { template: { check: blockName } },
    content: 'template-or-body',
    request: () => ({ kind: 'folder-navigation' }),
  },
  category: {
    attributes: { collection: { check: notEmpty }, template: { check: blockName } },
    content: 'template-or-body',
    request: (v) => ({ kind: 'category', collection: v.collection ?? null }),
  },
  query: {
    attributes: {
      collection: { required: true, check: notEmpty },
      limit: { check: wholeNumber(1, QUERY_LIMITS.maxLimit) },
      skip: { check: wholeNumber(0, QUERY_LIMITS.maxSkip) },
      featured: { check: flag },
      tag: {},
      category: {},
      template: { check: blockName },
    },
    content: 'template-or-body',
    request: (v) => ({
      kind: 'query',
      collection: v.collection!,
      limit: v.limit === undefined ? null : Number(v.limit),
      skip: v.skip === undefined ? 0 : Number(v.skip),
      featured: isOn(v.featured),
      tag: v.tag || null,
      category: v.category || null,
    }),
  },
  'block-field': {
    attributes: {
      id: { required: true, check: notEmpty },
      columns: { check: oneOf('1', '12') },
      'lock-layout': { check: flag },
      // Packages in the wild style the field's wrapper, and name and describe it for the editor (which has no output).
      class: {},
      label: {},
      description: {},
    },
    content: 'none',
    request: (v) => ({ kind: 'block-field', id: v.id!, columns: v.columns === '1' ? 1 : 12 }),
  },
  script: {
    attributes: { src: { required: true, check: scriptPath }, combo: { check: flag } },
    content: 'none',
    request: () => undefined,
  },
};

export function isTagKind(name: string): name is TagKind {
  return Object.hasOwn(TAG_DEFINITIONS, name);
}

export function takesNoBody(name: string): boolean {
  return isTagKind(name) && TAG_DEFINITIONS[name].content === 'none';
}

/** The partial that `template="x"` names: blocks/x.block is given to renders as `x.block`. */
export function blockPartialName(template: string): string {
  return template.endsWith('.block') ? template : `${template}.block`;
}

/**
 * Problems with the values of one tag. `present` lists attributes whose value is not known
 * yet (template syntax, checked at render): they count as given and are not checked.
 */
export function checkAttributeValues(
  kind: TagKind,
  values: AttributeValues,
  present: ReadonlySet<string> = new Set(),
): AttributeProblem[] {
  const problems: AttributeProblem[] = [];
  for (const [attribute, rule] of Object.entries(TAG_DEFINITIONS[kind].attributes)) {
    if (present.has(attribute)) continue;
    const value = Object.hasOwn(values, attribute) ? values[attribute] : undefined;
    if (value === undefined) {
      if (rule.required) problems.push({ code: 'MISSING_ATTRIBUTE', attribute, detail: '' });
      continue;
    }
    const detail = rule.check?.(value);
    if (detail !== undefined) problems.push({ code: 'BAD_ATTRIBUTE_VALUE', attribute, detail });
  }
  return problems;
}
