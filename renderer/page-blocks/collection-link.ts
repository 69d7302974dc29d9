/** The title and address of a collection a block shows, read from its page-context JSON. */
import { childOf, textIfSet } from '../../formatters/json-values.ts';

export function collectionLink(collection: unknown): { title: string; url: string } {
  return {
    title: textIfSet(childOf(collection, 'title')) ?? '',
    url: textIfSet(childOf(collection, 'fullUrl')) ?? '#',
  };
}
