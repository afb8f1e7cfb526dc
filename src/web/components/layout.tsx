// The frame of every page: the document head (title, description, canonical URL, sharing cards, the
// stylesheet and the accent's), a header with the shelter's name and logo, the main content, and a footer
// with its details. No script and no inline style; an embedded view (in another site's frame) has no header
// or footer, no accent, and one script that tells the frame its height.
import { Fragment, type ComponentChildren } from 'preact';
import type { Shelter } from '../../domain/shelter.js';
import type { Messages } from '../messages/en.js';
import { sizeOf } from './photo-size.js';
import { useSiteLinks } from './site-links.js';

/** What a page tells search engines and the sites a link to it is shared on. */
export interface PageHead {
  title: string;
  description?: string;
  /** Absolute URL of the page's one address. */
  canonical?: string;
  /** Absolute URL of the image a shared link shows. */
  image?: string;
  /** Pages that search engines should leave out (errors). */
  noIndex?: boolean;
}

export interface LayoutProps {
  messages: Messages;
  head: PageHead;
  stylesheetHref: string;
  /** The stylesheet of the shelter's accent colour, when it set one. */
  accentHref?: string;
  /** The shelter's own details, as the page's request read them; none when they could not be read. */
  shelter?: Shelter;
  /** The script of embedded views, which tells the framing page the page's height. */
  frameScriptHref: string;
  children: ComponentChildren;
}

export function Layout(props: LayoutProps) {
  const { messages, head, stylesheetHref, accentHref, shelter, frameScriptHref, children } = props;
  const { embedded, to } = useSiteLinks();
  const siteName = shelter?.name ?? messages.siteName;
  const logo = shelter?.logo && { src: shelter.logo.urls.small, ...sizeOf(shelter.logo, 'small') };
  return (
    <html lang={messages.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{shelter?.name ? messages.titleWithName(head.title, shelter.name) : head.title}</title>
        {head.description && <meta name="description" content={head.description} />}
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.noIndex && <meta name="robots" content="noindex" />}
        <link rel="stylesheet" href={stylesheetHref} />
        {accentHref && !embedded && <link rel="stylesheet" href={accentHref} />}
        {embedded && <script src={frameScriptHref} defer />}
        {head.canonical && <SharingTags head={head} siteName={siteName} />}
      </head>
      <body class={embedded ? 'embedded' : undefined}>
        {!embedded && (
          <>
            <a class="skip" href="#main">
              {messages.skipToContent}
            </a>
            <header class="site-header">
              <div class="wrap">
                {/* The logo inside the link, as decoration: the link's text names the shelter once. */}
                <a href={to('/adopt')} class="home">
                  {logo && <img class="logo" src={logo.src} width={logo.width} height={logo.height} alt="" />}
                  {siteName}
                </a>
              </div>
            </header>
          </>
        )}
        <main id="main" tabIndex={-1}>
          <div class="wrap">{children}</div>
        </main>
        {!embedded && (
          <footer class="site-footer">
            <div class="wrap">
              {shelter && <ShelterDetails shelter={shelter} messages={messages} />}
              <p>
                <a href="/v1/docs">{messages.footer.api}</a>
              </p>
            </div>
          </footer>
        )}
      </body>
    </html>
  );
}

/** What the shelter set of its intro and ways to reach it, each only when set; newlines are kept. */
function ShelterDetails({ shelter, messages }: { shelter: Shelter; messages: Messages }) {
  const m = messages.footer;
  const { intro, email, phone, address, website, openingHours } = shelter;
  const dialled = phone?.replace(/[^+0-9]/g, '');
  const rows: Array<[string, ComponentChildren]> = [];
  if (email) rows.push([m.email, <a href={mailtoOf(email)}>{email}</a>]);
  if (phone)
    rows.push([m.phone, dialled && /[0-9]/.test(dialled) ? <a href={`tel:${dialled}`}>{phone}</a> : phone]);
  if (address) rows.push([m.address, address]);
  // The API takes http and https URLs alone; a link is never made of anything else.
  if (website)
    rows.push([m.website, /^https?:\/\//i.test(website) ? <a href={website}>{website}</a> : website]);
  if (openingHours) rows.push([m.openingHours, openingHours]);
  return (
    <>
      {intro && <p class="shelter-intro">{intro}</p>}
      {rows.length > 0 && (
        <address class="contact">
          <dl>
            {rows.map(([label, value]) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </address>
      )}
    </>
  );
}

/** A mailto: URL of an address: its local part percent-encoded, so that no `?` or `#` in it starts a query. */
function mailtoOf(email: string): string {
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${email.slice(at + 1)}`;
}

/** Open Graph and Twitter card tags, so that a shared link shows the page's title, text and image. */
function SharingTags({ head, siteName }: { head: PageHead; siteName: string }) {
  return (
    <>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={head.title} />
      {head.description && <meta property="og:description" content={head.description} />}
      <meta property="og:url" content={head.canonical} />
      {head.image && <meta property="og:image" content={head.image} />}
      <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={head.title} />
      {head.description && <meta name="twitter:description" content={head.description} />}
      {head.image && <meta name="twitter:image" content={head.image} />}
    </>
  );
}
