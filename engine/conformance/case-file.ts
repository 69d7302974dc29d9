/**
 * Reads conformance case files: a sequence of `:NAME` sections (see
 * ../shared/conformance/README.md). Header lines hold only `:NAME` at column 0.
 */
export type CaseSections = Map<string, string>;

const HEADER = /^:([A-Za-z0-9_-]+)\s*$/;

/** parseCaseFile(':TEMPLATE\n{a}\n:JSON\n{"a":1}\n') → Map { TEMPLATE → '{a}', JSON → '{"a":1}' } */
export function parseCaseFile(source: string): CaseSections {
  const sections: CaseSections = new Map();
  let name: string | undefined;
  let body: string[] = [];
  const flush = () => {
    if (name !== undefined) sections.set(name, body.join('\n'));
  };
  for (const line of source.split(/\r?\n/)) {
    const m = HEADER.exec(line);
    if (m) {
      flush();
      name = m[1];
      body = [];
    } else if (name !== undefined) {
      body.push(line);
    }
  }
  flush();
  return sections;
}

/**
 * `key=value` lines of a :PROPERTIES section. Like Java .properties files, the
 * corpus also writes `key: value`, so the first `=` or `:` separates.
 */
export function parseProperties(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of body.split('\n')) {
    const i = line.search(/[=:]/);
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}
