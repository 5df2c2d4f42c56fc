// Every PDF we make (the full report, invoices) starts here: A4 in millimetres with Roboto
// embedded from an npm package, so Russian and English are real, selectable text.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { jsPDF } from "jspdf";

const require = createRequire(import.meta.url);
const FONT_FILES = {
  normal: require.resolve("@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf"),
};
/** Read once, on the first PDF. */
let fonts: Record<keyof typeof FONT_FILES, string> | null = null;

/** A new A4 document whose "Roboto" font (normal and bold) covers Cyrillic. */
export function createPdfDocument() {
  fonts ??= { normal: readFileSync(FONT_FILES.normal).toString("base64"), bold: readFileSync(FONT_FILES.bold).toString("base64") };
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: true });
  for (const style of ["normal", "bold"] as const) {
    doc.addFileToVFS(`Roboto-${style}.ttf`, fonts[style]);
    doc.addFont(`Roboto-${style}.ttf`, "Roboto", style);
  }
  return doc;
}
