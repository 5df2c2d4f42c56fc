// QR codes drawn on the server as SVG (uqr: unjs, no dependencies), so a page shows one without
// shipping any script for it. One module per SVG unit (viewBox = the code's size), medium error
// correction so a printed code survives a crease, and a 2-module quiet zone (scanners need one).
import { renderSVG } from "uqr";

/** The QR code of `text` as a standalone SVG document (inline it, or serve it as image/svg+xml). */
export function qrSvg(text: string): string {
  // crispEdges: adjacent modules meet without hairline seams when the code is scaled
  return renderSVG(text, { ecc: "M", border: 2, pixelSize: 1 }).replace("<svg ", '<svg shape-rendering="crispEdges" ');
}
