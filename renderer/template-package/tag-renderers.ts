/**
 * What each squarespace tag renders, given attribute values that passed their
 * checks. Content (a block named by `template`, or the tag's own body) renders
 * as a partial with the tag's data as `@`, in the scope where the tag stands.
 */
import type { ExecContext, JsonValue } from '../../engine/index.ts';
import type { TagEntry } from './tag-entry.ts';
import { type AttributeValues, blockPartialName, TAG_DEFINITIONS, type TagKind } from './tag-kinds.ts';
import { MAX_QUERIES_PER_PAGE, type TagRenderHost } from './tag-render-host.ts';

export interface TagRenderInput {
  readonly entry: TagEntry;
  readonly values: AttributeValues;
  readonly ctx: ExecContext;
  readonly host: TagRenderHost;
}

export type TagRenderer = (input: TagRenderInput) => string;

const ATTRIBUTE_SPECIALS = /[&<>"]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeAttribute = (text: string): string => text.replace(ATTRIBUTE_SPECIALS, (c) => ENTITIES[c]!);

function renderContent({ entry, values, ctx }: TagRenderInput, data: JsonValue): string {
  const template = values.template;
  if (template !== undefined && template !== '') return ctx.renderPartial(blockPartialName(template), data) ?? '';
  if (entry.body !== null) return ctx.renderPartial(entry.body, data) ?? '';
  return '';
}

/** Until data arrives (or when there is none), lists render empty rather than falling back to outer scopes. */
const NO_ITEMS = { items: [] } as const;
const NO_QUERY_RESULT = { items: [], collection: null } as const;

export const TAG_RENDERERS: { readonly [K in TagKind]: TagRenderer } = {
  navigation: (input) => {
    const request = TAG_DEFINITIONS.navigation.request(input.values);
    return renderContent(input, input.host.lookup(request, input.entry) ?? NO_ITEMS);
  },

  'folder-navigation': (input) => {
    const request = TAG_DEFINITIONS['folder-navigation'].request(input.values);
    const data = input.host.lookup(request, input.entry);
    // Outside a folder there is no folder navigation: nothing to show.
    return data === undefined ? '' : renderContent(input, data);
  },

  category: (input) => {
    const request = TAG_DEFINITIONS.category.request(input.values);
    const data = input.host.lookup(request, input.entry);
    return data === undefined ? '' : renderContent(input, data);
  },

  query: (input) => {
    const { host, entry } = input;
    const request = TAG_DEFINITIONS.query.request(input.values);
    if (!host.admitQuery(request)) {
      host.error(entry, 'TOO_MANY_QUERIES', { limit: MAX_QUERIES_PER_PAGE });
      return '';
    }
    const data = host.lookup(request, entry);
    // `collection: null` keeps `{collection.title}` in the body from finding the page's collection.
    return renderContent(input, data === undefined ? NO_QUERY_RESULT : { collection: null, ...data });
  },

  'block-field': (input) => {
    const request = TAG_DEFINITIONS['block-field'].request(input.values);
    const html = input.host.lookup(request, input.entry)?.html ?? '';
    const id = escapeAttribute(request.id);
    const extra = input.values.class?.trim();
    const classes = extra ? `sqs-layout ${escapeAttribute(extra)}` : 'sqs-layout';
    return `<div class="${classes}" data-type="block-field" data-block-field-id="${id}">${html}</div>`;
  },

  script: ({ values, host, entry }) => {
    const src = values.src!;
    const file = host.staticFiles.get(`scripts/${src}`);
    if (file === undefined) {
      host.error(entry, 'UNKNOWN_SCRIPT', { src });
      return '';
    }
    return `<script src="${escapeAttribute(host.assetUrl(file))}" defer></script>`;
  },
};
