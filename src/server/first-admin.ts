// The first admin's one-time link, printed at each start beside the first key until it has been used, so
// that the operator who ran `npm start` can open the console in a browser.
import { listeningOrigin, siteOriginOf, welcomeLinkOf } from '../domain/console-links.js';
import type { Config } from '../config.js';
import { firstAdmin, type FirstAdminLink } from '../services/staff/accounts.js';

/** The console's origin: the public URL's, or the address this process listens on. */
export const consoleOriginOf = (config: Config, port: number): string =>
  siteOriginOf(config.publicUrl, listeningOrigin(config.host, port));

/** What the terminal shows for the first admin; nothing once the link was used. */
export function firstAdminBanner(link: FirstAdminLink, origin: string): string {
  if (!link) return '';
  if ('expired' in link) {
    return [
      '',
      `The console's first admin (${firstAdmin.email}) never used their one-time link, which has expired.`,
      `Print a new one: node bin/petstore.js staff reset ${firstAdmin.email}`,
      '',
    ].join('\n');
  }
  return [
    '',
    `The console is at ${origin}/console. Open this one-time link to choose the first admin's password`,
    `(${firstAdmin.email}; it works once, until ${link.expiresAt}):`,
    '',
    `  ${welcomeLinkOf(origin, link.token)}`,
    '',
    'More accounts: node bin/petstore.js staff create --email EMAIL --name NAME --role volunteer|staff|admin',
    '',
  ].join('\n');
}
