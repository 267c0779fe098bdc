// An XLSX written by the .NET OpenXML SDK: every element carries a namespace prefix (<x:workbook>), part
// names are absolute (/xl/workbook.xml) and parts start with a byte-order mark. exceljs cannot read it;
// SheetJS can, and the workbook converts like any other.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const BOM = '\ufeff';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PR = 'http://schemas.openxmlformats.org/package/2006/relationships';

function sdkWorkbook(rows: (string | number)[][]): Uint8Array {
  const cell = (v: string | number, r: number, c: number) => {
    const ref = `${String.fromCharCode(65 + c)}${r}`;
    return typeof v === 'number' ? `<x:c r="${ref}"><x:v>${v}</x:v></x:c>` : `<x:c r="${ref}" t="inlineStr"><x:is><x:t>${v}</x:t></x:is></x:c>`;
  };
  const sheet = rows.map((row, i) => `<x:row r="${i + 1}">${row.map((v, c) => cell(v, i + 1, c)).join('')}</x:row>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${BOM}<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${BOM}<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="${PR}"><Relationship Type="${R}/officeDocument" Target="/xl/workbook.xml" Id="R1"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `${BOM}<?xml version="1.0" encoding="utf-8"?><x:workbook xmlns:x="${NS}" xmlns:r="${R}"><x:sheets><x:sheet name="Transactions" sheetId="1" r:id="R2"/></x:sheets></x:workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${BOM}<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="${PR}"><Relationship Type="${R}/worksheet" Target="/xl/worksheets/sheet1.xml" Id="R2"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${BOM}<?xml version="1.0" encoding="utf-8"?><x:worksheet xmlns:x="${NS}"><x:sheetData>${sheet}</x:sheetData></x:worksheet>`,
    ),
  });
}

describe('an XLSX exceljs cannot read', () => {
  it('is read by SheetJS and converts', async () => {
    const bytes = sdkWorkbook([
      ['TransactionDate', 'Text', 'Amount', 'Balance'],
      ['2019-08-02', 'PAYPAL *USCUSTOMSBO', -138.23, 861.77],
      ['2019-08-06', 'Spotify', -99, 762.77],
    ]);
    const r = await convert(bytes, { filename: 'statement.xlsx' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['02/08/2019', '-138.23', 'PAYPAL *USCUSTOMSBO'],
      ['06/08/2019', '-99.00', 'Spotify'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
});
