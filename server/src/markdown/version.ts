/**
 * The version of what the Markdown renderer (render.ts) makes: raised whenever its HTML changes (typeset
 * mathematics, chart axes and colours, heading ids), so that stored bodies an older one made are rendered again in
 * the background. A module of its own: the site's main thread reads it without loading the renderer.
 */
export const RENDERER_VERSION = 4;
