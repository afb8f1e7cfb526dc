// Rendered fragments of the console's pages, kept by everything they are made from, so that a list shown
// again renders only what changed: rendering is most of a console page's time (docs/benchmarks.md). A key
// must name every input of its fragment; the fragment is then the same text whenever its key is.
import { LRUCache } from 'lru-cache';
import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';

export type FragmentCache = (key: string, make: () => VNode) => string;

/** At most `max` fragments, the least recently used dropped first. */
export function createFragmentCache(max: number): FragmentCache {
  const kept = new LRUCache<string, string>({ max });
  return (key, make) => {
    let html = kept.get(key);
    if (html === undefined) {
      html = render(make());
      kept.set(key, html);
    }
    return html;
  };
}
