// `GET /adopt/sitemap.xml` and `GET /robots.txt`: the pages of the published animals for adoption, for search
// engines.
import type { PetsService } from '../../services/pets-service.js';
import type { VersionView } from '../../speed/index.js';
import { maxPageSize } from '../../domain/page.js';

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
const maxUrls = 50_000;

const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sitemapOf(pets: PetsService, origin: string, view: VersionView): Promise<string> {
  const entries = [`<url><loc>${escapeXml(`${origin}/adopt`)}</loc></url>`];
  for (const status of ['available', 'pending'] as const) {
    let cursor: string | undefined;
    do {
      const page = await pets.list(
        { filter: { status, published: true }, sort: 'id', limit: maxPageSize, cursor },
        view,
      );
      for (const pet of page.pets) {
        if (entries.length > maxUrls - 1) break;
        entries.push(
          `<url><loc>${escapeXml(`${origin}/adopt/pets/${pet.id}`)}</loc><lastmod>${pet.updatedAt}</lastmod></url>`,
        );
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined && entries.length < maxUrls);
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.join('\n') +
    '\n</urlset>\n'
  );
}

export const robotsOf = (origin: string): string =>
  `User-agent: *\nAllow: /\nSitemap: ${origin}/adopt/sitemap.xml\n`;
