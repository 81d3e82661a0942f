// Starts the download of the UI's Latin font faces as soon as a report view opens, while its data loads.
// Without it a face is fetched only when the first render lays out text in its weight, after all the data: the
// PDF printer waits for every font (document.fonts.ready), so those downloads were on the print's critical path.

const LATIN_A = 0x41; // "A": a face whose unicode-range holds it is one the report's text is set in

/** Whether a CSS unicode-range ("U+0-FF, U+131, U+4??", as the browser serialises it) includes `code`. */
export function rangeIncludes(unicodeRange: string, code: number): boolean {
  return unicodeRange.split(",").some((part) => {
    const m = /^\s*U\+([0-9A-F?]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!m) return false;
    const low = parseInt(m[1].replace(/\?/g, "0"), 16);
    const high = m[2] !== undefined ? parseInt(m[2], 16) : parseInt(m[1].replace(/\?/g, "F"), 16);
    return low <= code && code <= high;
  });
}

/** Starts loading the faces of `fonts` that cover Latin text and are not loaded yet; returns how many. */
export function preloadLatinFonts(fonts: FontFaceSet | undefined = globalThis.document?.fonts): number {
  if (!fonts) return 0; // jsdom and old browsers have no FontFaceSet: the faces then load as the page asks
  let started = 0;
  fonts.forEach((face) => {
    // the @fontsource faces are split by script: the Latin one loads now, the others stay on demand
    if (face.status === "unloaded" && rangeIncludes(face.unicodeRange, LATIN_A)) {
      face.load().catch(() => undefined); // a face that fails falls back as before; the printer still waits
      started += 1;
    }
  });
  return started;
}
