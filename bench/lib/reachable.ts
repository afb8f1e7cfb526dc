// Whether something accepts TCP connections at a URL's host and port, so optional rows can be skipped.
import { once } from 'node:events';
import { connect } from 'node:net';

export async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.setTimeout(1000, () => socket.destroy(new Error('no answer within a second')));
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}
