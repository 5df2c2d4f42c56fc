// The full report as a PDF (jspdf, set up in lib/pdf): indicator bars drawn as vector
// rectangles; the reader's name (never the e-mail: a PDF is printed and passed on) and the date in
// the header; page numbers in the footer. Its title, language and headings (as the outline a reader's
// bookmarks panel and a screen reader's navigation list show) are in the document; jspdf writes no
// structure tags, so this is as far as "tagged" goes with it.
import { createPdfDocument } from "../lib/pdf";

export interface PdfBar {
  label: string;
  value: number; // 0..100
}

export interface PdfReport {
  title: string;
  /** BCP 47, as the document's /Lang */
  language: "ru" | "en-US";
  /** the reader's name, or null (the header then shows the date alone) */
  reader: string | null;
  date: string;
  formatName: string;
  formatDescription: string;
  certainty: string;
  indicatorsTitle: string;
  bars: PdfBar[];
  sections: { group: string; title: string; text: string }[];
  pageLabel: (n: number, of: number) => string;
  footer: string;
}

const PAGE = { w: 210, h: 297, margin: 18 };
const BRAND: [number, number, number] = [59, 85, 230];

export function renderReportPdf(r: PdfReport): Uint8Array {
  const doc = createPdfDocument();
  doc.setProperties({ title: `${r.title}: ${r.formatName}`, author: "Thinking Format", subject: r.formatName });
  doc.setLanguage(r.language);
  // a viewer's window shows the title, not the file name
  doc.viewerPreferences({ DisplayDocTitle: true });
  const headings: { title: string; page: number; level: 1 | 2 }[] = [];
  const heading = (title: string, level: 1 | 2) => headings.push({ title, page: doc.getNumberOfPages(), level });

  const width = PAGE.w - PAGE.margin * 2;
  let y = PAGE.margin;
  const ensure = (h: number) => {
    if (y + h > PAGE.h - PAGE.margin - 8) {
      doc.addPage();
      y = PAGE.margin;
    }
  };
  const text = (s: string, size: number, style: "normal" | "bold" = "normal", gap = 2, color: [number, number, number] = [30, 41, 59]) => {
    doc.setFont("Roboto", style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    const lineH = size * 0.42;
    for (const para of s.split(/\n{2,}/)) {
      const lines = doc.splitTextToSize(para.replace(/\s+/g, " ").trim(), width) as string[];
      for (const line of lines) {
        ensure(lineH);
        doc.text(line, PAGE.margin, y + lineH * 0.8);
        y += lineH;
      }
      y += gap;
    }
  };

  // header band
  doc.setFillColor(...BRAND);
  doc.rect(0, 0, PAGE.w, 8, "F");
  y = 16;
  text(r.title, 11, "normal", 1, [100, 116, 139]);
  text(r.reader ? `${r.reader} · ${r.date}` : r.date, 10, "normal", 4, [100, 116, 139]);
  heading(r.formatName, 1);
  text(r.formatName, 26, "bold", 3, [15, 23, 42]);
  text(r.formatDescription, 12, "normal", 2);
  text(r.certainty, 10, "normal", 6, [71, 85, 105]);

  // indicator bars as vector graphics
  ensure(12 + r.bars.length * 11);
  heading(r.indicatorsTitle, 1);
  text(r.indicatorsTitle, 15, "bold", 3, [15, 23, 42]);
  for (const bar of r.bars) {
    ensure(11);
    doc.setFont("Roboto", "normal");
    doc.setFontSize(10);
    doc.setTextColor(30, 41, 59);
    doc.text(bar.label, PAGE.margin, y + 3.5);
    doc.text(`${Math.round(bar.value)}%`, PAGE.margin + width, y + 3.5, { align: "right" });
    doc.setFillColor(226, 232, 240);
    doc.roundedRect(PAGE.margin, y + 5, width, 3, 1.5, 1.5, "F");
    doc.setFillColor(...BRAND);
    doc.roundedRect(PAGE.margin, y + 5, Math.max(3, (width * Math.max(0, Math.min(100, bar.value))) / 100), 3, 1.5, 1.5, "F");
    y += 11;
  }
  y += 4;

  let group = "";
  for (const s of r.sections) {
    if (s.group !== group) {
      group = s.group;
      ensure(20);
      y += 2;
      heading(group, 1);
      text(group, 16, "bold", 2, BRAND);
    }
    ensure(14);
    heading(s.title, 2);
    text(s.title, 13, "bold", 1.5, [15, 23, 42]);
    text(s.text, 11, "normal", 3);
  }

  let parent: ReturnType<typeof doc.outline.add> | null = null;
  for (const h of headings) {
    const item = doc.outline.add(h.level === 2 ? parent : null, h.title, { pageNumber: h.page });
    if (h.level === 1) parent = item;
  }

  const pages = doc.getNumberOfPages();
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.setFont("Roboto", "normal");
    doc.setFontSize(9);
    doc.setTextColor(148, 163, 184);
    doc.text(r.footer, PAGE.margin, PAGE.h - 10);
    doc.text(r.pageLabel(i, pages), PAGE.w - PAGE.margin, PAGE.h - 10, { align: "right" });
  }
  return new Uint8Array(doc.output("arraybuffer"));
}
