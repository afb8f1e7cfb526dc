// Where the console's one-time links point: `{origin}/console/welcome?token=…`, the origin being the public
// URL without its `/v1`, or the address the service listens on.
export const welcomePath = '/console/welcome';

/** The site's origin from the public URL (`https://pets.example.org/v1`), or `fallback` when none is set. */
export const siteOriginOf = (publicUrl: string, fallback: string): string =>
  publicUrl !== '' ? publicUrl.slice(0, -'/v1'.length) : fallback;

export const welcomeLinkOf = (origin: string, token: string): string =>
  `${origin}${welcomePath}?token=${token}`;

/** The origin of a service listening on `host` and `port`, as a browser on that machine reaches it. */
export const listeningOrigin = (host: string, port: number): string => {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
};
