import type { CsvEncoding } from '@portal/api-client';
import iconv from 'iconv-lite';

/**
 * CSV as Japanese HR systems write it: UTF-8 with or without BOM, or Shift_JIS. Shift_JIS files
 * from Windows are really CP932 (NEC and IBM extensions: 髙, 﨑, ①), so that is the codec used.
 */
export function decodeCsv(bytes: Buffer): { text: string; encoding: CsvEncoding } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: bytes.subarray(3).toString('utf8'), encoding: 'utf8_bom' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf8' };
  } catch {
    return { text: iconv.decode(bytes, 'cp932'), encoding: 'sjis' };
  }
}

export function encodeCsv(text: string, encoding: CsvEncoding): Buffer {
  if (encoding === 'sjis') return iconv.encode(text, 'cp932');
  const body = Buffer.from(text, 'utf8');
  return encoding === 'utf8_bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/** Characters CP932 cannot hold would silently become '?': the export refuses them instead. */
export function fitsCp932(s: string): boolean {
  return iconv.decode(iconv.encode(s, 'cp932'), 'cp932') === s;
}

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF lines. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, spacing in a hand-edited file) are not rows.
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

const needsQuote = /[",\r\n]/;

/**
 * One CSV line. A field a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with a
 * quote character, so an exported file opened in Excel cannot execute anything.
 */
export function csvLine(fields: readonly (string | number | null)[]): string {
  return fields
    .map((f) => {
      let s = f === null ? '' : String(f);
      if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
      return needsQuote.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',');
}
