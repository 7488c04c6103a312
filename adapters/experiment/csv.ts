/**
 * The CSV dialect of the run directories (sim/metrics) and of the experiment's own tables: a header
 * line, commas, '\n' line ends, numbers as plain decimals (no exponent, at most 6 decimals, trailing
 * zeros trimmed), an empty cell for "not applicable". Cells with a comma, quote or line break are
 * quoted (RFC 4180), so a label is never split.
 */

export type Cell = string | number | null | undefined;

/** A number as the tables write it; null, undefined and non-finite numbers are an empty cell. */
export function num(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '';
  let s = x.toFixed(6);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

function cell(v: Cell): string {
  if (typeof v === 'number') return num(v);
  if (v === null || v === undefined) return '';
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

/** Rows as objects keyed by the header; a short row is an error naming its line. */
export function parseCsv(text: string, file: string): Record<string, string>[] {
  const records = split(text);
  if (!records.length) return [];
  const [header, ...rest] = records;
  return rest.map((r, i) => {
    if (r.length !== header.length) throw new Error(`${file}: line ${i + 2} has ${r.length} cells, the header ${header.length}`);
    const o: Record<string, string> = Object.create(null);
    header.forEach((h, j) => {
      o[h] = r[j];
    });
    return o;
  });
}

/** A cell as a number; empty is null. */
export function cellNum(v: string | undefined): number | null {
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function split(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cur);
      cur = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cur);
      out.push(row);
      row = [];
      cur = '';
    } else cur += c;
  }
  if (cur !== '' || row.length) {
    row.push(cur);
    out.push(row);
  }
  return out;
}
