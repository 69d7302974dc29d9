/**
 * The content editors' view of the owner content routes (api/http/content-*):
 * what each answers, as the admin app reads it, and the calls themselves.
 */
import type { PageBlockInput, PreviewInput } from '../../shared/content-schemas.ts';
import type { TweakInfo } from '../../shared/style-tweaks.ts';
import { ownerRequest } from '../owner-api.ts';

export const CONTENT_API = '/api/owner/content';

export interface OwnerCollection {
  id: string;
  revision: number;
  title: string;
  navigationTitle: string;
  urlId: string;
  url: string;
  typeName: string;
  kind: 'page' | 'blog' | 'events' | 'gallery' | 'other';
  ordering: string;
  isHome: boolean;
  enabled: boolean;
  description: string;
  seoTitle: string;
  seoDescription: string;
  socialImageId: string | null;
  access: 'public' | 'password' | 'members';
  hasPassword: boolean;
  blocks?: PageBlockInput[];
  itemCount?: number;
}

export interface OwnerItem {
  id: string;
  collectionId: string;
  revision: number;
  title: string;
  urlId: string;
  url: string;
  status: 'draft' | 'scheduled' | 'published';
  publishOn: string | null;
  body: string;
  excerpt: string;
  caption: string;
  authorId: string | null;
  categories: string[];
  tags: string[];
  mainImageId: string | null;
  commentsEnabled: boolean;
  startDate: string | null;
  endDate: string | null;
  location: {
    addressTitle?: string;
    addressLine1?: string;
    addressLine2?: string;
    addressCountry?: string;
    mapLat?: number;
    mapLng?: number;
    mapZoom?: number;
  } | null;
}

export interface LibraryImage {
  id: string;
  assetUrl: string;
  filename: string;
  altText: string;
  title: string;
}

export interface Library {
  images: LibraryImage[];
  forms: { id: string; name: string; isNewsletter: boolean }[];
  authors: { id: string; name: string }[];
  collections: { id: string; title: string; typeName: string }[];
  /** The store's currency: a donation block's amounts are typed in it. */
  currency: string;
}

export interface PreviewProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  snippet: string;
}

export interface PreviewAnswer {
  path: string;
  status: number;
  html: string | undefined;
  problems: PreviewProblem[];
}

export const contentApi = {
  library: () => ownerRequest<Library>(`${CONTENT_API}/library`),
  collections: () => ownerRequest<{ collections: OwnerCollection[] }>(`${CONTENT_API}/collections`),
  collection: (id: string) => ownerRequest<{ collection: OwnerCollection }>(`${CONTENT_API}/collections/${id}`),
  createCollection: (body: { kind: string; title: string }) =>
    ownerRequest<{ collection: OwnerCollection }>(`${CONTENT_API}/collections`, { method: 'POST', body }),
  saveSettings: (id: string, body: unknown) =>
    ownerRequest<{ collection: OwnerCollection }>(`${CONTENT_API}/collections/${id}`, { method: 'PUT', body }),
  setEnabled: (id: string, baseRevision: number, enabled: boolean) =>
    ownerRequest<{ collection: OwnerCollection }>(`${CONTENT_API}/collections/${id}/enabled`, {
      method: 'PUT',
      body: { baseRevision, enabled },
    }),
  addBlock: (id: string, baseRevision: number, block: PageBlockInput, index: number) =>
    ownerRequest<{ collection: OwnerCollection }>(`${CONTENT_API}/collections/${id}/blocks`, {
      method: 'POST',
      body: { baseRevision, block, index },
    }),
  editBlock: (id: string, baseRevision: number, index: number, block: PageBlockInput) =>
    ownerRequest<{ collection: OwnerCollection }>(`${CONTENT_API}/collections/${id}/blocks/${index}`, {
      method: 'PUT',
      body: { baseRevision, block },
    }),
  moveBlock: (id: string, baseRevision: number, index: number, to: number) =>
    ownerRequest<{ collection: OwnerCollection }>(`${CONTENT_API}/collections/${id}/blocks/${index}/move`, {
      method: 'POST',
      body: { baseRevision, to },
    }),
  removeBlock: (id: string, baseRevision: number, index: number) =>
    ownerRequest<{ collection: OwnerCollection }>(
      `${CONTENT_API}/collections/${id}/blocks/${index}?baseRevision=${baseRevision}`,
      { method: 'DELETE' },
    ),
  items: (collectionId: string) =>
    ownerRequest<{ collection: OwnerCollection; items: OwnerItem[]; authors: { id: string; name: string }[] }>(
      `${CONTENT_API}/collections/${collectionId}/items`,
    ),
  item: (id: string) => ownerRequest<{ item: OwnerItem }>(`${CONTENT_API}/items/${id}`),
  createItem: (collectionId: string, body: unknown) =>
    ownerRequest<{ item: OwnerItem }>(`${CONTENT_API}/collections/${collectionId}/items`, { method: 'POST', body }),
  saveItem: (id: string, body: unknown) =>
    ownerRequest<{ item: OwnerItem }>(`${CONTENT_API}/items/${id}`, { method: 'PUT', body }),
  removeItem: (id: string, baseRevision: number) =>
    ownerRequest<{ removed: string }>(`${CONTENT_API}/items/${id}?baseRevision=${baseRevision}`, { method: 'DELETE' }),
  reorder: (collectionId: string, baseRevision: number, itemIds: string[]) =>
    ownerRequest<{ collection: OwnerCollection }>(`${CONTENT_API}/collections/${collectionId}/order`, {
      method: 'PUT',
      body: { baseRevision, itemIds },
    }),
  history: (kind: 'collection' | 'item', id: string) =>
    ownerRequest<{
      current: number;
      revisions: { revision: number; savedOn: string; savedBy: string | null; note: string }[];
    }>(`${CONTENT_API}/history/${kind}/${id}`),
  restore: (kind: 'collection' | 'item', id: string, baseRevision: number, revision: number) =>
    ownerRequest<{ collection?: OwnerCollection; item?: OwnerItem }>(`${CONTENT_API}/history/${kind}/${id}/restore`, {
      method: 'POST',
      body: { baseRevision, revision },
    }),
  preview: (body: PreviewInput) => ownerRequest<PreviewAnswer>(`${CONTENT_API}/preview`, { method: 'POST', body }),
  tweaks: () =>
    ownerRequest<{ tweaks: TweakInfo[]; values: Record<string, string | number | boolean> }>(
      '/api/owner/design/tweaks',
    ),
  saveTweaks: (values: Record<string, string | boolean>) =>
    ownerRequest<{ tweaks: TweakInfo[]; values: Record<string, string | number | boolean> }>(
      '/api/owner/design/tweaks',
      {
        method: 'PUT',
        body: { values },
      },
    ),
};
