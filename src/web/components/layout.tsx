// The frame of every page: the document head (title, description, canonical URL, sharing cards, the one
// stylesheet), a header, the main content, and a footer. No script and no inline style; an embedded view
// (in another site's frame) has no header or footer, and one script that tells the frame its height.
import type { ComponentChildren } from 'preact';
import type { Messages } from '../messages/en.js';
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
  /** The script of embedded views, which tells the framing page the page's height. */
  frameScriptHref: string;
  children: ComponentChildren;
}

export function Layout({ messages, head, stylesheetHref, frameScriptHref, children }: LayoutProps) {
  const { embedded, to } = useSiteLinks();
  return (
    <html lang={messages.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description && <meta name="description" content={head.description} />}
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.noIndex && <meta name="robots" content="noindex" />}
        <link rel="stylesheet" href={stylesheetHref} />
        {embedded && <script src={frameScriptHref} defer />}
        {head.canonical && <SharingTags head={head} siteName={messages.siteName} />}
      </head>
      <body class={embedded ? 'embedded' : undefined}>
        {!embedded && (
          <>
            <a class="skip" href="#main">
              {messages.skipToContent}
            </a>
            <header class="site-header">
              <div class="wrap">
                <a href={to('/adopt')}>{messages.siteName}</a>
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
