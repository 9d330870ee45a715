/** How long a failed chunk waits before it is asked for again: long enough for a dropped connection or a busy server. */
export const CHUNK_RETRY_MS = 1_000;

/**
 * A lazily loaded chunk of code, asked for a second time when the first request fails, so that a
 * single failed request does not leave the screen in error (webpack forgets a failed chunk, so the
 * second import requests it again).
 */
export function retryChunkOnce<T>(load: () => Promise<T>): () => Promise<T> {
  return () => load().catch(() => new Promise<void>((resolve) => setTimeout(resolve, CHUNK_RETRY_MS)).then(load));
}
