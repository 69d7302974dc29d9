/** The formatters and predicates package templates compile against: the defaults plus the tag formatter. */
import type { Registry } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';
import { TAG_FORMATTER } from './tag-entry.ts';
import { squarespaceTagFormatter } from './tag-formatter.ts';

export const packageRegistry: Registry = Object.freeze({
  formatters: Object.freeze({ ...defaultRegistry.formatters, [TAG_FORMATTER]: squarespaceTagFormatter }),
  predicates: defaultRegistry.predicates,
});
