/**
 * The navigation editor's model: the site layout's links (spec section 3)
 * with a key each for React, and the moves the editor offers, as pure
 * functions of the list so they are tested without a browser.
 */
export interface NavigationLink {
  collectionId: string | null;
  externalLink: string | null;
  memberAreaId: string | null;
  title?: string | null;
  newWindow?: boolean;
  items: NavigationLink[];
}

export interface SiteLayout {
  identifier: string;
  title: string;
  links: NavigationLink[];
}

export interface EditableLink extends NavigationLink {
  key: string;
  items: EditableLink[];
}

let keys = 0;
export function editable(link: NavigationLink): EditableLink {
  return { ...link, key: `link-${++keys}`, items: link.items.map(editable) };
}

export function saved(link: EditableLink): NavigationLink {
  const { key: _key, items, ...rest } = link;
  return { ...rest, items: items.map(saved) };
}

export const isFolder = (link: NavigationLink) =>
  !link.collectionId && !link.externalLink && !link.memberAreaId && Boolean(link.title);

/** Where a link is: its index in the top list, and its index in that link's items when nested. */
export type Place = readonly [number] | readonly [number, number];

function listAt(links: EditableLink[], place: Place): EditableLink[] {
  return place.length === 1 ? links : links[place[0]]!.items;
}

function copyTree(links: EditableLink[]): EditableLink[] {
  return links.map((link) => ({ ...link, items: [...link.items] }));
}

export function move(links: EditableLink[], place: Place, by: -1 | 1): EditableLink[] {
  const next = copyTree(links);
  const list = listAt(next, place);
  const index = place[place.length - 1]!;
  const target = index + by;
  if (target < 0 || target >= list.length) return links;
  [list[index], list[target]] = [list[target]!, list[index]!];
  return next;
}

export function remove(links: EditableLink[], place: Place): EditableLink[] {
  const next = copyTree(links);
  listAt(next, place).splice(place[place.length - 1]!, 1);
  return next;
}

/** A top-level link into the folder just above it, at the folder's end. */
export function intoFolderAbove(links: EditableLink[], index: number): EditableLink[] {
  const above = links[index - 1];
  const link = links[index];
  if (!above || !link || !isFolder(above) || isFolder(link)) return links;
  const next = copyTree(links);
  next[index - 1]!.items.push(link);
  next.splice(index, 1);
  return next;
}

/** A nested link out of its folder, just after it. */
export function outOfFolder(links: EditableLink[], folder: number, index: number): EditableLink[] {
  const next = copyTree(links);
  const [link] = next[folder]!.items.splice(index, 1);
  if (!link) return links;
  next.splice(folder + 1, 0, link);
  return next;
}
