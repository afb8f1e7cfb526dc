// Reading the pages' HTML in inject tests: the animals listed, a link by its text, an attribute. The browser
// tests (test/web/*.browser.test.ts) read the real DOM; these only need the few facts a status test checks.
import assert from 'node:assert/strict';

const entities: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
};
/** Text as the browser shows it, for the few entities the renderer writes. */
export const unescaped = (html: string): string =>
  html.replace(/&(lt|gt|amp|quot|#39);/g, (e) => entities[e]!);

/** The ids of the animals whose cards the list shows, in order. */
export const cardIds = (html: string): number[] =>
  [...html.matchAll(/<li class="card">.*?<a href="\/adopt\/pets\/(\d+)"/gs)].map((m) => Number(m[1]));

/** The href of the one link whose text is `text`. */
export function hrefOf(html: string, text: string): string {
  const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].filter(
    ([, , shown]) => unescaped(shown!) === text,
  );
  assert.equal(links.length, 1, `one link "${text}"`);
  return unescaped(links[0]![1]!);
}

/** The `content` of a meta tag with this name or property. */
export function metaOf(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match ? unescaped(match[1]!) : undefined;
}
