// SSRF guard of webhook URLs (OWASP API7:2023): https only in production, and no loopback, private,
// link-local or metadata address, checked on the addresses a host resolves to at registration and again at
// every delivery (against DNS rebinding). Hosts, addresses and CIDRs on the allow-list are exempt from both.
import dns from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { settings } from '../config.js';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including the 169.254.169.254 metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, including fd00:ec2::254 (metadata)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is loopback, private, link-local, metadata or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface UrlPolicy {
  /** Production requires https. */
  env: 'production' | 'staging';
  /** Whether a host, or an address it resolves to, is on the allow-list (exempt from both rules). */
  allowed: (host: string, address?: string) => boolean;
}

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
  /** The environment variable whose value would lift the refusal; undefined when none would. */
  readonly setting: string | undefined;

  constructor(message: string, setting?: string) {
    super(message);
    this.setting = setting;
  }
}

const allowList = settings.webhookAllowedHosts.env;

/** A refusal the allow-list lifts, saying what to add to it. */
const unlessAllowed = (why: string, entries: string) =>
  new UnsafeUrlError(
    `${why}; to allow it, add ${entries} to ${allowList} (comma-separated hosts, addresses or CIDR ranges)`,
    allowList,
  );

/**
 * The policy of a deployment, its allow-list parsed once: `allowedHosts` is the `webhookAllowedHosts`
 * setting, comma-separated exact host names, addresses or CIDR ranges.
 */
export function urlPolicyOf({
  env,
  allowedHosts,
}: {
  env: UrlPolicy['env'];
  allowedHosts: string;
}): UrlPolicy {
  const entries = allowedHosts
    .split(',')
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter(Boolean);
  const ranges = new BlockList();
  const names = new Set<string>();
  for (const entry of entries) {
    const [network, prefix] = entry.split('/');
    const family = isIP(network!);
    if (family && prefix !== undefined)
      ranges.addSubnet(network!, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    else if (family) ranges.addAddress(network!, family === 4 ? 'ipv4' : 'ipv6');
    else names.add(entry);
  }
  const inRanges = (address: string) => {
    const family = isIP(address);
    return family !== 0 && ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
  return {
    env,
    allowed: (host, address) =>
      names.has(host) || inRanges(host) || (address !== undefined && inRanges(address)),
  };
}

/** The host of a URL without IPv6 brackets, lower-case. */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** Checks the form of a webhook URL; throws UnsafeUrlError saying why it is refused. */
export function checkUrlForm(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError(`${raw} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UnsafeUrlError('a webhook URL must be https');
  if (url.username || url.password) throw new UnsafeUrlError('a webhook URL may not carry credentials');
  if (url.protocol === 'http:' && policy.env === 'production' && !policy.allowed(hostOf(url))) {
    throw unlessAllowed('a webhook URL must be https in production', hostOf(url));
  }
  return url;
}

/**
 * Every address of a host. With a `signal`, stops waiting when it aborts (rejecting with its reason): the
 * resolver's own work cannot be cancelled, but a slow one no longer holds the caller past its deadline.
 */
async function addressesOf(
  host: string,
  signal?: AbortSignal,
): Promise<Array<{ address: string; family: number }>> {
  const resolved = dns.lookup(host, { all: true }).catch((error: Error) => {
    throw new UnsafeUrlError(`${host} does not resolve: ${error.message}`);
  });
  if (!signal) return resolved;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    resolved.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Resolves the URL's host and returns the address to connect to, refusing private ones unless allowed. The
 * caller connects to exactly this address, so a second resolution cannot swap in another. `signal` bounds
 * the lookup, so that it counts against the same deadline as the request that follows.
 */
export async function resolveSafeAddress(
  url: URL,
  policy: UrlPolicy,
  signal?: AbortSignal,
): Promise<{ address: string; family: number }> {
  const host = hostOf(url);
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await addressesOf(host, signal);
  if (addresses.length === 0) throw new UnsafeUrlError(`${host} does not resolve`);
  // Every address must be acceptable: otherwise a host could list a public and a private one.
  for (const { address } of addresses) {
    if (isPrivateAddress(address) && !policy.allowed(host, address)) {
      throw unlessAllowed(
        `${host} resolves to ${address}, a loopback, private, link-local or metadata address`,
        family ? host : `${host} (or ${address}, or a CIDR range that holds it)`,
      );
    }
  }
  return addresses[0]!;
}
