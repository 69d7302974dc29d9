/**
 * `{@|squarespace-tag ID}`: what the pre-pass leaves where a squarespace tag
 * stood. It finds the tag in the render's host, works out attribute values
 * written with template syntax in the current scope, checks them, and hands
 * over to the tag's renderer.
 */
import { type ExecContext, errorMessage, type Formatter } from '../../engine/index.ts';
import { packageMessage } from './package-errors.ts';
import { TAG_FORMATTER, type TagEntry } from './tag-entry.ts';
import { type AttributeValues, checkAttributeValues } from './tag-kinds.ts';
import { TagRenderHost } from './tag-render-host.ts';
import { TAG_RENDERERS } from './tag-renderers.ts';

/** Only a hand-written call, or a render outside renderPackageTemplate, gets here. */
function failed(ctx: ExecContext, code: 'TAG_NOT_WIRED' | 'UNKNOWN_TAG_ID', id: string): string {
  const detail = packageMessage(code, { id });
  ctx.error('FORMATTER_FAILED', errorMessage('FORMATTER_FAILED', { name: TAG_FORMATTER, detail }));
  return '';
}

/** Literal values as written; template-syntax values rendered where the tag stands. */
function attributeValues(entry: TagEntry, ctx: ExecContext): { values: AttributeValues; dynamic: boolean } {
  const values: Record<string, string> = Object.create(null);
  let dynamic = false;
  for (const [name, attribute] of entry.attributes) {
    if (attribute.kind === 'static') {
      values[name] = attribute.value;
    } else {
      dynamic = true;
      values[name] = ctx.renderPartial(attribute.partial, ctx.current()) ?? '';
    }
  }
  return { values, dynamic };
}

/** Values written literally were checked when the template compiled; the others are checked here. */
function valuesPassChecks(entry: TagEntry, values: AttributeValues, host: TagRenderHost): boolean {
  const problems = checkAttributeValues(entry.kind, values);
  for (const p of problems) {
    const params = { name: entry.kind, attribute: p.attribute, detail: p.detail };
    host.error(entry, p.code, params, entry.attributes.get(p.attribute));
  }
  return problems.length === 0;
}

export const squarespaceTagFormatter: Formatter = {
  args: { min: 1, max: 1 },
  format: (_value, args, ctx) => {
    const id = args[0]!;
    const host = ctx.host;
    if (!(host instanceof TagRenderHost)) return failed(ctx, 'TAG_NOT_WIRED', id);
    const entry = host.tags.get(id);
    if (entry === undefined) return failed(ctx, 'UNKNOWN_TAG_ID', id);
    const { values, dynamic } = attributeValues(entry, ctx);
    if (dynamic && !valuesPassChecks(entry, values, host)) return '';
    return TAG_RENDERERS[entry.kind]({ entry, values, ctx, host });
  },
};
