// The warning that this instance's own settings block deliveries to an endpoint, once per endpoint: a blocked
// endpoint is retried for days, and a line per attempt would bury the log, while none would leave the operator
// guessing why nothing arrives. A new URL warns again, and so does a restart, which a change of settings needs.

export interface BlockedDeliveryLog {
  /** After an attempt: warns of a block the setting `blockedUnless` would lift, unless already warned of. */
  attempted(
    endpoint: { id: string; url: string },
    result: { ok: boolean; error?: string | undefined; blockedUnless?: string | undefined },
  ): void;
}

export function blockedDeliveryLog(log: {
  warn(details: object, message: string): void;
}): BlockedDeliveryLog {
  /** The URL each endpoint was last warned of; forgotten once a delivery to it succeeds. */
  const warned = new Map<string, string>();
  return {
    attempted({ id, url }, { ok, error, blockedUnless }) {
      if (ok) warned.delete(id);
      if (!blockedUnless || warned.get(id) === url) return;
      warned.set(id, url);
      // The host, not the URL: its path or query may carry a token.
      log.warn(
        { endpoint: id, host: new URL(url).host, setting: blockedUnless, reason: error },
        `webhook deliveries to an endpoint are blocked by this instance's settings; change ${blockedUnless} to allow them`,
      );
    },
  };
}
