import http from 'node:http';
import net from 'node:net';

/**
 * One address opening 20,000 connections and holding what the site keeps open, while another address
 * asks for /api/health every 100 ms: the site must go on serving the second address (it closes a
 * client's connections past its per-address limit as soon as they are accepted).
 */

const FLOOD_ADDRESS = '127.0.0.1';
const OTHER_ADDRESS = '127.0.0.2';
/** Connection attempts in flight at once: within this process's open-file limit. */
const IN_FLIGHT = 500;

export interface FloodResult {
  attempts: number;
  /** Connections the site still held when the flood ended. */
  held: number;
  /** Health checks from the other address during the flood, and the slowest of them. */
  checks: number;
  slowestHealthMs: number;
  failedChecks: number;
}

function health(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', localAddress: OTHER_ADDRESS, agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`health answered ${res.statusCode}`))));
    });
    request.on('timeout', () => request.destroy(new Error('health did not answer within 5 s')));
    request.on('error', reject);
  });
}

/** Opens one connection from the flooding address; resolves once it is open (held) or closed by the site. */
function connect(port: number, open: Set<net.Socket>): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: FLOOD_ADDRESS });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      open.delete(socket);
      resolve();
    });
    socket.on('connect', () => {
      open.add(socket);
      // The site closes a connection past the limit right after accepting it: give it a moment to.
      setTimeout(resolve, 20);
    });
  });
}

export async function connectionFlood(port: number, attempts = 20_000): Promise<FloodResult> {
  const open = new Set<net.Socket>();
  let flooding = true;
  let checks = 0;
  let failedChecks = 0;
  let slowestHealthMs = 0;
  const checking = (async () => {
    while (flooding) {
      try {
        slowestHealthMs = Math.max(slowestHealthMs, await health(port));
      } catch {
        failedChecks += 1;
      }
      checks += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  for (let started = 0; started < attempts; started += IN_FLIGHT) {
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, attempts - started) }, () => connect(port, open)));
  }
  // Connections the site closed at the end are seen closed a moment later.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const held = open.size;
  flooding = false;
  await checking;
  for (const socket of open) socket.destroy();
  return { attempts, held, checks, slowestHealthMs: Math.round(slowestHealthMs), failedChecks };
}
