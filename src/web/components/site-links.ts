// The addresses of the site's own pages as a page writes them: in an embedded view (`?embed=1`, framed by
// another site) every link and form keeps `embed=1`, so that moving on inside the frame stays embedded. Given
// once per request (src/web/page-reply.ts); the pages ask it for every link rather than writing `/adopt…`.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The query parameter of an embedded view, and its one value. */
export const embedParam = { name: 'embed', value: '1' } as const;

export interface SiteLinks {
  /** Whether the page is shown in another site's frame: no header or footer, links kept embedded. */
  embedded: boolean;
  /** The address of a page of the site (`/adopt…`), kept embedded when this page is. */
  to(path: string): string;
}

export function siteLinks(embedded: boolean): SiteLinks {
  const suffix = `${embedParam.name}=${embedParam.value}`;
  return {
    embedded,
    to: embedded ? (path) => `${path}${path.includes('?') ? '&' : '?'}${suffix}` : (path) => path,
  };
}

export const SiteLinksContext = createContext<SiteLinks>(siteLinks(false));

export const useSiteLinks = (): SiteLinks => useContext(SiteLinksContext);
