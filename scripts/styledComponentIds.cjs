// Gives every styled component a componentId derived from its file and its place in that file.
// styled-components otherwise numbers components in the order their modules are evaluated, and
// the server (every screen, evaluated as pages are asked for) and the browser (the page's screen
// after the app) evaluate in different orders: the browser's class names would not match the
// server-rendered page, and it would compile and insert every style again while hydrating.
// Both bundlers (webpack for the browser, esbuild for the server) run this same rewrite.
const { createHash } = require('node:crypto');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STYLED_CALL = /\bstyled(\.[A-Za-z]\w*|\([A-Za-z_$][\w$.]*\))/g;

/** The source with `.withConfig({ componentId })` after each `styled.tag` and `styled(Component)`. */
function withComponentIds(source, file) {
  if (!source.includes('styled-components')) return source;
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  const prefix = `c${createHash('sha256').update(relative).digest('base64url').replace(/[-_]/g, '').slice(0, 6)}`;
  let index = 0;
  return source.replace(STYLED_CALL, (call) => {
    index += 1;
    return `${call}.withConfig({ componentId: '${prefix}-${index}' })`;
  });
}

/** As a webpack loader. */
module.exports = function styledComponentIdsLoader(source) {
  return withComponentIds(source, this.resourcePath);
};
module.exports.withComponentIds = withComponentIds;
