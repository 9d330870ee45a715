// Jest runs CommonJS; packages that ship ES modules only (the unified and Vega ecosystems, msw, jose)
// are turned into CommonJS here, their dynamic imports included (jest's CommonJS runtime has no
// import()). esbuild does it in a fraction of ts-jest's time for these large trees.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      format: 'cjs',
      target: 'node20',
      supported: { 'dynamic-import': false },
      loader: 'js',
      sourcemap: true,
      sourcefile: filename,
    });
    return { code, map };
  },
};
