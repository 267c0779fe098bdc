"""Reads an xlsx written by Ledgerline with openpyxl and prints its sheets as JSON (round-trip test).

Every cell is reported with its value, openpyxl's data type ('s' string, 'n' number, 'd' date,
'f' formula) and number format, so the test can tell a real date or number from text.
"""
import datetime
import json
import sys

import openpyxl


def cell_json(cell):
    value = cell.value
    if isinstance(value, datetime.datetime):
        value = value.date().isoformat() if value.time() == datetime.time(0) else value.isoformat()
    elif isinstance(value, datetime.date):
        value = value.isoformat()
    return {"v": value, "t": cell.data_type, "fmt": cell.number_format}


def main(path):
    wb = openpyxl.load_workbook(path)
    out = {"sheets": wb.sheetnames}
    for ws in wb.worksheets:
        out[ws.title] = {
            "freeze": ws.freeze_panes,
            "autofilter": ws.auto_filter.ref,
            "widths": {k: v.width for k, v in ws.column_dimensions.items()},
            "rows": [[cell_json(c) for c in row] for row in ws.iter_rows()],
        }
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
