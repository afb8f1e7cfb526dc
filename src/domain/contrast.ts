// Contrast of a colour on white, as WCAG 2.2 defines it (relative luminance, then (L1 + 0.05) / (L2 + 0.05)):
// the accent colour of the pages must reach AA for normal text, 4.5:1, so that links and buttons in it stay
// readable.

/** WCAG's minimum contrast for normal text (1.4.3, AA). */
export const minimumContrast = 4.5;

/** An sRGB channel (0–255) made linear, by WCAG's definition of relative luminance. */
const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** The relative luminance of `#rrggbb`: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * linear(value >> 16) + 0.7152 * linear((value >> 8) & 255) + 0.0722 * linear(value & 255);
}

/**
 * The contrast of `#rrggbb` on white, rounded down to two decimals: a colour just short of 4.5:1 is
 * named 4.49:1, never rounded up to the threshold it misses. The small addition keeps an exact ratio such
 * as black's 21 from falling to 20.99 by floating-point error.
 */
export function contrastOnWhite(hex: string): number {
  const ratio = 1.05 / (relativeLuminance(hex) + 0.05);
  return Math.floor(ratio * 100 + 1e-9) / 100;
}
