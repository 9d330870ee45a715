import type { Server } from 'node:http';

/**
 * At most `perAddress` open connections from one client address; further ones are closed as soon as
 * they are accepted. Without it one address holding thousands of idle connections used up the
 * process's file descriptors, and every other client (health checks included) waited.
 */
export function limitConnectionsPerAddress(server: Server, perAddress: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
