// A Redis client that fails fast instead of queueing: every call either answers within the timeout or
// fails at once while disconnected, and the client reconnects in the background within a second.
import { Redis } from 'ioredis';

export function openRedis(url: string, timeoutMs: number): Redis {
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: Math.max(timeoutMs, 1000),
    commandTimeout: timeoutMs,
    // Fail at once while disconnected rather than queue requests behind a dead connection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Calls made together go out in one write: one round trip.
    enableAutoPipelining: true,
    // Reconnect quickly, so that what Redis shares is shared again within a second of its return.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
}
