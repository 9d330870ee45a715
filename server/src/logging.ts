import fs from 'node:fs';
import os from 'node:os';

import pino, { type DestinationStream } from 'pino';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface Entry {
  time: number;
  level: number;
  msg?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

/** One log line as a person reads it: time, level, message, and the request it is about. */
export function readableLine(json: string): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json;
  }
  const time = new Date(entry.time).toTimeString().slice(0, 8);
  const request = entry.method ? ` ${entry.method} ${entry.url ?? ''}` : '';
  const answer = entry.statusCode ? ` → ${entry.statusCode}${entry.responseTime === undefined ? '' : ` in ${entry.responseTime.toFixed(1)} ms`}` : '';
  const error = entry.err ? `\n${entry.err.stack ?? entry.err.message ?? ''}` : '';
  return `${time} ${(LEVELS[entry.level] ?? String(entry.level)).padEnd(5)} ${entry.msg ?? ''}${request}${answer}${error}\n`;
}

/** About one write's worth of log lines (characters; request lines are ASCII). */
const BATCH_CHARS = 4096;

export interface LogOutput {
  stream: DestinationStream;
  /** Writes out what is still buffered; called before the process exits. */
  flush: () => void;
}

/**
 * Where the server's log goes: readable lines on a terminal; JSON lines otherwise (for a log
 * collector), written asynchronously so that logging every request costs the server little.
 */
export function logOutput({ dest = 1, terminal = process.stdout.isTTY }: { dest?: number; terminal?: boolean } = {}): LogOutput {
  if (terminal) return { stream: { write: (line: string) => void process.stdout.write(readableLine(line)) }, flush: () => undefined };
  // Lines are gathered into writes of about 4 KB (one system call for dozens of requests under load)
  // and handed over at least every second, so a quiet site's log still shows each request at once to
  // a person tailing it. The gathering is done here, not by the destination's minLength: that measures
  // the bytes of everything it holds on each write, which under load cost a sixth of a cached read.
  const destination = pino.destination({ dest, sync: false });
  let pending = '';
  const handOver = () => {
    if (pending === '') return;
    destination.write(pending);
    pending = '';
  };
  setInterval(handOver, 1000).unref();
  // At exit there is no next turn for an asynchronous write to finish in: the gathered lines are
  // written synchronously, after what the destination still holds.
  const flush = () => {
    destination.flushSync();
    const rest = Buffer.from(pending);
    pending = '';
    for (let written = 0; written < rest.length;) written += fs.writeSync(dest, rest, written);
  };
  // A crash exits without a next turn: what was logged last (often the reason) still goes out.
  process.once('exit', flush);
  return {
    stream: {
      write: (line: string) => {
        pending += line;
        if (pending.length >= BATCH_CHARS) handOver();
      },
    },
    flush,
  };
}

export interface AnsweredRequest {
  id: string;
  method: string;
  url: string;
  /** Unknown when the client went away before the answer. */
  ip: string | undefined;
  statusCode: number;
  /** Milliseconds from the request's arrival to its answer. */
  responseTime: number;
}

/** What pino puts in every line (its default base), serialized once. */
const BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

/** What JSON must escape in a string (quote, backslash, control characters), and lone surrogates. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON requires escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string; most request fields need no escaping, and JSON.stringify costs more than the test. */
function quoted(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * Addresses that carry a secret: whoever holds one can use it. A signed download link's signature and an
 * app-token sign-in's token are in the query; unsubscribe, follow-confirmation, email-confirmation and
 * password-reset tokens are in the path (the account's encoded id before a token stays).
 */
const SECRET_PARAM = /[?&](?:signature|token)=/i;
const SECRET_PARAMS = /([?&](?:signature|token)=)[^&#]*/gi;
const SECRET_PATH =
  /^(\/+(?:unsubscribe|follow\/confirm|api\/follow\/(?:confirm|unsubscribe))\/+|\/+(?:reset-password|confirm-email|backend\/password-reset-confirm)\/+[^/?#]+\/+)[^/?#]+/i;

/** A request's address as the log keeps it: with every secret replaced by `[redacted]`. */
export function loggedUrl(url: string): string {
  let logged = SECRET_PATH.test(url) ? url.replace(SECRET_PATH, '$1[redacted]') : url;
  if (SECRET_PARAM.test(logged)) logged = logged.replace(SECRET_PARAMS, '$1[redacted]');
  return logged;
}

/**
 * A line in the logger's JSON shape for what happens outside a request and before or without the
 * logger (a failed start, a lost database connection), so that a collector reads every line alike.
 */
export function eventLine(level: 'error' | 'fatal', msg: string, error?: unknown, time = Date.now()): string {
  const err =
    error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : error === undefined ? undefined : { message: String(error) };
  return `${JSON.stringify({ level: level === 'fatal' ? 60 : 50, time, pid: process.pid, hostname: os.hostname(), ...(err ? { err } : {}), msg })}\n`;
}

/** Milliseconds with three decimals, as toFixed(3) writes them, from whole microseconds (cheaper). */
export function millis(ms: number): string {
  const micros = Math.round(ms * 1000);
  // A line must stay valid JSON whatever the clock said.
  if (!(micros >= 0)) return '0.000';
  const whole = Math.floor(micros / 1000);
  const fraction = micros - whole * 1000;
  return `${whole}${fraction < 10 ? '.00' : fraction < 100 ? '.0' : '.'}${fraction}`;
}

/**
 * The log line for an answered request, in the logger's JSON shape (level 30 is info). Written by
 * hand: it is the one line per request, and under load pino's general serializer cost the cached
 * public reads about a fifth of their throughput; JSON.stringify and toFixed on every field still
 * cost them a tenth.
 */
export function requestLine(request: AnsweredRequest, time = Date.now()): string {
  const url = loggedUrl(request.url);
  return (
    `{"level":30,"time":${time}${BASE},"reqId":${quoted(request.id)},"method":${quoted(request.method)},` +
    `"url":${quoted(url)},"ip":${quoted(request.ip ?? '')},"statusCode":${request.statusCode},` +
    `"responseTime":${millis(request.responseTime)},"msg":"request completed"}\n`
  );
}
