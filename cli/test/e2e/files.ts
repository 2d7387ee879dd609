/** Readers for the files the e2e suite checks: csv (RFC 4180) and xlsx (through exceljs). */

/** Records of an RFC 4180 csv body (quoted line breaks kept inside their field; a BOM dropped). */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n') {
      record.push(field.replace(/\r$/, ''));
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export interface Sheet {
  name: string;
  header: string[];
  rows: unknown[][];
  /** The values of the column headed `label`, top to bottom (throws when there is none). */
  column(label: string): unknown[];
}

/** The first sheet of a workbook, opened with exceljs as a user's spreadsheet would open it. */
export async function xlsxSheet(path: string): Promise<Sheet> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  const all: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => all.push((row.values as unknown[]).slice(1)));
  const header = (all[0] ?? []) as string[];
  const rows = all.slice(1);
  return {
    name: sheet.name,
    header,
    rows,
    column(label) {
      const at = header.indexOf(label);
      if (at < 0) throw new Error(`No column "${label}" in the sheet; it has ${header.join(', ')}`);
      return rows.map((r) => r[at] ?? null);
    },
  };
}
