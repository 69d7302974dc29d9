/**
 * Partials for `jsont render --partials`: a JSON file mapping name → template
 * source, or a folder whose files are partials named by their file names
 * (`item.block` is applied as `{@|apply item.block}`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function readPartials(path: string): Record<string, string> {
  if (statSync(path).isDirectory()) {
    const out: Record<string, string> = {};
    for (const name of readdirSync(path).sort()) {
      if (name.startsWith('.')) continue;
      const file = join(path, name);
      if (statSync(file).isFile()) out[name] = readFileSync(file, 'utf8');
    }
    return out;
  }
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: not valid JSON: ${(e as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${path}: partials must be a JSON object of name → template source`);
  }
  for (const [name, source] of Object.entries(value)) {
    if (typeof source !== 'string') throw new Error(`${path}: partial '${name}' must be a string`);
  }
  return value as Record<string, string>;
}
