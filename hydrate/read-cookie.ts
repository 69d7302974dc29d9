/** A cookie's value as the page's scripts see it, decoded; undefined when absent. */
export function readCookie(name: string, cookieHeader: string = document.cookie): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // Not percent-encoding this server wrote: no value a script can use.
      return undefined;
    }
  }
  return undefined;
}
