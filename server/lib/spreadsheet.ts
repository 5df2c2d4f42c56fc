// Spreadsheet downloads shared by the back-office exports (server/admin/exports.ts) and the
// business cabinet's employee export: CSV (UTF-8 with a BOM, so Excel reads Cyrillic) or XLSX
// (exceljs's streaming writer), written as the rows come so a large file is never held whole.
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";

export type Cell = string | number | boolean | Date | null;
export type SpreadsheetFormat = "csv" | "xlsx";
const LINES_PER_CHUNK = 1000;

/** A CSV field: quoted when needed; a leading =, +, - or @ is defused so a spreadsheet never runs it. */
export function csvField(v: Cell): string {
  if (v == null) return "";
  let s = v instanceof Date ? v.toISOString() : typeof v === "boolean" ? (v ? "true" : "false") : String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export type DatePattern = "dd.mm.yyyy" | "yyyy-mm-dd" | "dd.mm.yyyy hh:mm" | "yyyy-mm-dd hh:mm";

/** A date as one of the patterns the exports use (CSV text; XLSX uses the pattern as the cell's format), from its UTC fields. */
function dateText(d: Date, pattern: DatePattern) {
  const [y, m, day] = d.toISOString().slice(0, 10).split("-");
  const date = pattern.startsWith("dd.mm.yyyy") ? `${day}.${m}.${y}` : `${y}-${m}-${day}`;
  return pattern.endsWith("hh:mm") ? `${date} ${d.toISOString().slice(11, 16)}` : date;
}

/** The file as a streamed download named `name` (without extension). */
export async function spreadsheetResponse(opts: {
  format: SpreadsheetFormat;
  name: string;
  sheet: string;
  header: string[];
  rows: AsyncIterator<Cell[]> | Iterator<Cell[]>;
  headers?: Record<string, string>;
  /** CSV for a locale's Excel: its list separator, and a decimal comma (default "," and a point) */
  csv?: { separator: string; decimalComma?: boolean };
  /** Dates as dates: the XLSX cells' number format, and the CSV's text (default: ISO timestamps) */
  dateFormat?: DatePattern;
}): Promise<Response> {
  const { rows } = opts;
  const sep = opts.csv?.separator ?? ",";
  const field = (v: Cell) =>
    v instanceof Date && opts.dateFormat
      ? dateText(v, opts.dateFormat)
      : typeof v === "number" && opts.csv?.decimalComma
        ? String(v).replace(".", ",")
        : csvField(v);
  const headers = { "Content-Disposition": `attachment; filename="${opts.name}.${opts.format}"`, "Cache-Control": "no-store", ...opts.headers };
  if (opts.format === "csv") {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${opts.header.map(csvField).join(sep)}\r\n`));
      },
      async pull(controller) {
        // a chunk of lines per pull: the stream asks for more only as the client reads
        let chunk = "";
        for (let i = 0; i < LINES_PER_CHUNK; i++) {
          const next = await rows.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += `${next.value.map(field).join(sep)}\r\n`;
        }
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await rows.return?.(undefined);
      },
    });
    return new Response(stream, { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
  }
  // loaded on the first XLSX download only: it is large, and most processes never need it
  const { default: ExcelJS } = await import("exceljs");
  const pass = new PassThrough();
  // styles on: a date cell needs its number format to show as a date in Excel
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(opts.sheet);
  void (async () => {
    try {
      sheet.addRow(opts.header).commit();
      for (let next = await rows.next(); !next.done; next = await rows.next()) {
        const row = sheet.addRow(next.value);
        next.value.forEach((v, i) => {
          if (v instanceof Date) row.getCell(i + 1).numFmt = opts.dateFormat ?? "yyyy-mm-dd hh:mm";
        });
        row.commit();
        if (pass.writableNeedDrain) await once(pass, "drain");
      }
      sheet.commit();
      await workbook.commit();
    } catch (e) {
      pass.destroy(e as Error);
    }
  })();
  return new Response(Readable.toWeb(pass) as ReadableStream, {
    headers: { ...headers, "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });
}
