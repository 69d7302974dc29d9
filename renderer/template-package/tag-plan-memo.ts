/**
 * What a template's last render of a page asked of the tag data source, kept
 * so the next render of that page fetches it up front instead of planning it
 * again: planning walks the whole template with the context, about a sixth of
 * a render's time. A render that asks for something the memo did not name
 * reports it missing and renders again (render-with-tag-data.ts), so a stale
 * memo costs a pass, never a wrong page; what it names beyond the page's needs
 * is fetched from the per-content-version memo and goes unused.
 */
import type { CompiledTemplate } from '../../engine/index.ts';
import type { TagDataRequest } from './tag-data.ts';

/** Pages kept per template; past it the memo starts over (a site with many collections plans more often). */
const MAX_PAGES_PER_TEMPLATE = 1_000;
/** A page asking for more than this is planned every time: fetching all it ever asked would cost more than planning. */
const MAX_REQUESTS = 32;

export class TagPlanMemo {
  private readonly byTemplate = new WeakMap<CompiledTemplate, Map<string, readonly TagDataRequest[]>>();

  get(template: CompiledTemplate, page: string): readonly TagDataRequest[] | undefined {
    return this.byTemplate.get(template)?.get(page);
  }

  /** `requests` holds what the memo gave too: a page's memo only grows, until it is too big to keep. */
  set(template: CompiledTemplate, page: string, requests: readonly TagDataRequest[]): void {
    const pages = this.byTemplate.get(template) ?? new Map<string, readonly TagDataRequest[]>();
    this.byTemplate.set(template, pages);
    if (requests.length > MAX_REQUESTS) {
      pages.delete(page);
      return;
    }
    if (pages.size >= MAX_PAGES_PER_TEMPLATE && !pages.has(page)) pages.clear();
    pages.set(page, requests);
  }
}
