// Deletes the Redis keys under this run's prefix, with one command over a bare connection (no client library).
import { connect } from 'node:net';

const command = (args: string[]) =>
  `*${args.length}\r\n` + args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('');

// One script, so the shared Redis sees a single short call that touches only the prefix's keys.
const deleteByPattern =
  "local n = 0 for _, k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) n = n + 1 end return n";

/** Resolves with the number of keys deleted; never touches a key outside `prefix`. */
export function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  const { hostname, port } = new URL(url);
  const pattern = prefix.replace(/[*?[\]\\]/g, '\\$&') + '*';
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 5000 });
    let reply = '';
    socket.once('connect', () => socket.write(command(['EVAL', deleteByPattern, '0', pattern])));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (!reply.endsWith('\r\n')) return;
      socket.end();
      if (reply.startsWith(':')) resolve(Number(reply.slice(1)));
      else reject(new Error(`Redis answered ${reply.trim()}`));
    });
    socket.once('error', reject);
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error('Redis did not answer'));
    });
  });
}
