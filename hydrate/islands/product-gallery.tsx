/**
 * The product page's picture gallery (hydrate/product-gallery/product-gallery.ts):
 * it works on the server's markup and renders nothing of its own.
 */
import { useEffect } from 'react';
import type { IslandProps } from '../island-types.ts';
import { enhanceProductGallery } from '../product-gallery/product-gallery.ts';

export function ProductGallery({ element }: IslandProps) {
  useEffect(() => enhanceProductGallery(element), [element]);
  return null;
}
