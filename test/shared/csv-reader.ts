/** A strict RFC 4180 reader for the tests: quoted cells, doubled quotes, CRLF rows; throws on anything else. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unclosed quote');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted cell at ${i}`);
        cell += text[i++];
      }
    }
    row.push(cell);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else if (i < text.length) {
      throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
    }
  }
  if (row.length > 0) throw new Error('the last row has no CRLF');
  return rows;
}
