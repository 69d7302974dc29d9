/**
 * Regenerates formatters/date/zone-abbreviations.ts from the system's compiled IANA time zone
 * database (public domain TZif files under /usr/share/zoneinfo):
 *
 *   npx tsx tools/generate-zone-abbreviations.ts [/usr/share/zoneinfo]
 *
 * Intl only knows a few US abbreviations in English ("GMT+9" for Tokyo), while
 * `%Z` must print the database's own ones (JST, CEST, AEDT, LMT). Offsets whose
 * abbreviation is numeric keep it too: tzdb writes some as "-00", which no rule derives.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = process.argv[2] ?? '/usr/share/zoneinfo';
const OUT = new URL('../formatters/date/zone-abbreviations.ts', import.meta.url);
const SKIP_DIRS = new Set(['posix', 'right', 'SystemV']);

function zoneFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      if (!SKIP_DIRS.has(name)) out.push(...zoneFiles(path));
    } else if (/^[A-Z]/.test(name) || name === 'posixrules') {
      out.push(path);
    }
  }
  return out;
}

interface ZoneType {
  /** Seconds east of UTC: local mean times are not whole minutes. */
  readonly offsetSeconds: number;
  readonly abbreviation: string;
}

/** Reads the 64-bit (version 2+) body of a TZif file: transition instants and their local time types. */
function parseTzif(bytes: Buffer): { times: number[]; typeIndexes: number[]; types: ZoneType[] } | undefined {
  if (bytes.toString('latin1', 0, 4) !== 'TZif') return undefined;
  const counts = (at: number) => Array.from({ length: 6 }, (_, i) => bytes.readUInt32BE(at + 20 + i * 4));
  const [isut1, isstd1, leap1, time1, type1, char1] = counts(0) as [number, number, number, number, number, number];
  if (bytes[4] === 0) return undefined; // version 1 files have no 64-bit body
  const v2 = 44 + time1 * 5 + type1 * 6 + char1 + leap1 * 8 + isstd1 + isut1;
  const [, , , timeCount, typeCount] = counts(v2) as [number, number, number, number, number, number];
  let at = v2 + 44;
  const times: number[] = [];
  for (let i = 0; i < timeCount; i++, at += 8) times.push(Number(bytes.readBigInt64BE(at)));
  const typeIndexes: number[] = [];
  for (let i = 0; i < timeCount; i++, at += 1) typeIndexes.push(bytes[at]!);
  const raw: { offset: number; index: number }[] = [];
  for (let i = 0; i < typeCount; i++, at += 6) raw.push({ offset: bytes.readInt32BE(at), index: bytes[at + 5]! });
  const chars = at;
  const types = raw.map(({ offset, index }) => {
    const end = bytes.indexOf(0, chars + index);
    return { offsetSeconds: offset, abbreviation: bytes.toString('latin1', chars + index, end) };
  });
  return { times, typeIndexes, types };
}

/**
 * The zone's periods, oldest first: [fromSeconds, "-18000 EST -14400 EDT"]. A new period starts
 * only when an offset comes back under another abbreviation (Cancun's -5 was CDT, is now EST).
 */
function periodsOf(path: string): [number, string][] | undefined {
  const tz = parseTzif(readFileSync(path));
  if (!tz || tz.types.length === 0) return undefined;
  // Before the first transition the zone's first type holds (usually local mean time).
  const steps: [number, ZoneType][] = [[Number.NEGATIVE_INFINITY, tz.types[0]!]];
  for (let i = 0; i < tz.times.length; i++) steps.push([tz.times[i]!, tz.types[tz.typeIndexes[i]!]!]);
  const periods: [number, Map<number, string>][] = [];
  let current = new Map<number, string>();
  periods.push([Number.NEGATIVE_INFINITY, current]);
  for (const [time, { offsetSeconds, abbreviation }] of steps) {
    const known = current.get(offsetSeconds);
    if (known !== undefined && known !== abbreviation) {
      current = new Map(current);
      periods.push([time, current]);
    }
    current.set(offsetSeconds, abbreviation);
  }
  return periods.map(([from, map]) => [from, [...map].map(([offset, abbr]) => `${offset} ${abbr}`).join(' ')]);
}

const table: [string, [number, string][]][] = [];
for (const path of zoneFiles(ROOT)) {
  const periods = periodsOf(path);
  if (periods) table.push([relative(ROOT, path), periods]);
}
table.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const version = (() => {
  try {
    return /# version (\S+)/.exec(readFileSync(join(ROOT, 'tzdata.zi'), 'utf8'))?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

const LINE_WIDTH = 120; // biome's, so that formatting the output changes nothing
const periodText = ([from, map]: [number, string]): string =>
  `[${from === Number.NEGATIVE_INFINITY ? '-Infinity' : from}, '${map}']`;
const keyText = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const body = table
  .map(([name, periods]) => {
    const line = `  ${keyText(name)}: [${periods.map(periodText).join(', ')}],`;
    // Like prettier, biome breaks a list of several small lists onto one line each.
    if (periods.length === 1 && line.length <= LINE_WIDTH) return line;
    return `  ${keyText(name)}: [\n${periods.map((p) => `    ${periodText(p)},\n`).join('')}  ],`;
  })
  .join('\n');

writeFileSync(
  OUT,
  `/**
 * Time zone abbreviations for \`%Z\`, by zone: periods [fromEpochSeconds, "offsetSeconds ABBR ..."],
 * oldest first; a period holds until the next one starts.
 * Generated from IANA tzdata ${version} by tools/generate-zone-abbreviations.ts; do not edit.
 * Zones not listed (and offsets a period lacks) print their offset instead ("+04", "+0545").
 */
export const ZONE_ABBREVIATIONS: Readonly<Record<string, readonly (readonly [number, string])[]>> = {
${body}
};
`,
);
console.log(`wrote ${table.length} zones`);
