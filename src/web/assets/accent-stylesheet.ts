// The second, tiny stylesheet of a shelter that set an accent colour: its name holds the colour
// (`accent-1d5fa8.css`), so that it may be cached for a year and a new colour is a new URL. Its text is made
// from the colour's three numbers alone, never from the text of the request, so the route can serve only a
// colour. The API has checked that the colour reads on white (at least 4.5:1); its darker shade, for the
// header and for links on the pages' shaded boxes, reads on those too.

const fileName = /^accent-([0-9a-fA-F]{6})\.css$/;

/** The darker shade is each channel at this share of the colour's: 25 % darker. */
const darker = 0.75;

const hexOf = (channels: readonly number[]): string =>
  `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** The file name of an accent colour `#rrggbb`. */
export const accentFileName = (colour: string): string => `accent-${colour.slice(1).toLowerCase()}.css`;

/** The colour's channels in a file name made by accentFileName, or undefined for any other name. */
export function accentOfFileName(name: string): number[] | undefined {
  const hex = fileName.exec(name)?.[1];
  if (hex === undefined) return undefined;
  return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
}

/** The stylesheet of a colour's channels: the variables that the pages' stylesheet reads. */
export function accentCss(channels: readonly number[]): string {
  const dark = hexOf(channels.map((c) => Math.round(c * darker)));
  return `:root { --accent: ${hexOf(channels)}; --accent-dark: ${dark}; --accent-on-shade: ${dark}; }\n`;
}
