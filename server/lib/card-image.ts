// A share card's preview as PNG: messengers (Telegram, WhatsApp, VK) show no SVG previews. resvg
// draws the SVG with the Roboto files the PDFs embed, never the system's fonts, so the picture is
// the same on every server and Cyrillic always has its glyphs.
import { createRequire } from "node:module";
import { renderAsync } from "@resvg/resvg-js";

const require = createRequire(import.meta.url);
const FONT_FILES = [
  require.resolve("@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf"),
  require.resolve("@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf"),
  require.resolve("@expo-google-fonts/roboto/900Black/Roboto_900Black.ttf"),
];

/** Drawn on libuv's thread pool (≈ 60 ms a card): the event loop keeps serving meanwhile. */
export async function svgToPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, { font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: "Roboto" } });
  return image.asPng();
}
