import crypto from 'node:crypto';

/** The page policy, split where the sources of its inline styles go. */
const [CSP_BEFORE_STYLES, CSP_AFTER_STYLES] = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' STYLES",
  // KaTeX places each part of a formula with a style attribute of its own (heights, shifts). Attributes
  // cannot hold selectors or load anything from elsewhere, and the sanitiser strips those a note's own
  // HTML writes: only the server's KaTeX output carries them.
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]
  .join('; ')
  .split('STYLES');

const styleHash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
/**
 * In the browser styled-components adds one empty `<style>` element and fills it through the CSSOM
 * (insertRule), which CSP does not check: only the element's own text, empty, must be allowed.
 */
const EMPTY_STYLE = styleHash('');

/**
 * Policies that govern documents: sent with the SPA page. No Cross-Origin-Opener-Policy: on phones
 * Chrome gives a page that sends one a fresh renderer process, and starting it cold cost the public
 * pages 100–300 ms of blocked main thread (Lighthouse, mobile) on every visit. What the header guards
 * against is small here: a cross-origin opener reaches only the window's location and postMessage,
 * and the site listens to no messages; framing is refused below.
 */
const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
/**
 * Everything else (JSON, media, downloads) must not be sniffed into something executable, and if
 * opened directly may run nothing and be framed by no one; document-only policies would be noise
 * on every image and API answer.
 */
export const RESOURCE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
};
/** Sent on every answer over HTTPS (also by PageAnswer, for pages answered before the hooks). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The security headers of a page whose inline `<style>` elements hold these texts. Styles are allowed
 * by their hashes rather than a nonce, so every visitor gets the same bytes and headers: the page is
 * built once per change, and shared caches may keep it.
 */
export function documentHeaders(inlineStyles: Iterable<string>): Record<string, string> {
  const sources = new Set([...inlineStyles].map(styleHash)).add(EMPTY_STYLE);
  return { ...PAGE_HEADERS, 'content-security-policy': CSP_BEFORE_STYLES + [...sources].join(' ') + CSP_AFTER_STYLES };
}
