// A private redis-server on a spare port, which a test may stop and restart to play an outage.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export async function sparePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await sparePort();
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--enable-debug-command',
          'local',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
        child!.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child!.once('exit', () => {
          clearTimeout(timer);
          reject(new Error(`redis-server exited:\n${output}`));
        });
      });
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
  await redis.start();
  return redis;
}
