/** nbformat 4.5 notebooks built by the tests, with tiny pictures drawn by sharp. */
import sharp from 'sharp';

type Json = Record<string, unknown>;

let ids = 0;
const id = () => `cell-${(ids += 1)}`;
const lines = (text: string) => text.split(/(?<=\n)/);

export const markdown = (source: string, metadata: Json = {}, attachments?: Json): Json => ({
  id: id(),
  cell_type: 'markdown',
  metadata,
  source: lines(source),
  ...(attachments ? { attachments } : {}),
});

export const code = (source: string, outputs: Json[] = [], metadata: Json = {}): Json => ({
  id: id(),
  cell_type: 'code',
  metadata,
  source: lines(source),
  execution_count: outputs.length ? 1 : null,
  outputs,
});

export const stream = (text: string, name = 'stdout'): Json => ({ output_type: 'stream', name, text: lines(text) });
export const display = (data: Json, metadata: Json = {}): Json => ({ output_type: 'display_data', data, metadata });
export const result = (data: Json): Json => ({ output_type: 'execute_result', execution_count: 1, data, metadata: {} });
export const error = (ename: string, evalue: string, traceback: string[]): Json => ({ output_type: 'error', ename, evalue, traceback });

export function notebook(cells: Json[], metadata: Json = {}): Json {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3 (ipykernel)', language: 'python' },
      language_info: { name: 'python', version: '3.12.1' },
      ...metadata,
    },
    cells,
  };
}

export const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));

/** A small PNG of one colour, base64 as notebooks hold it. */
export async function pngBase64(colour: string, width = 24, height = 16): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

export const DATAFRAME_HTML = [
  '<div>',
  '<style scoped>',
  '    .dataframe tbody tr th:only-of-type { vertical-align: middle; }',
  '</style>',
  '<table border="1" class="dataframe">',
  '  <thead><tr style="text-align: right;"><th></th><th>ticker</th><th>return</th></tr></thead>',
  '  <tbody>',
  '    <tr><th>0</th><td>SPY</td><td>0.012</td></tr>',
  '',
  '    <tr><th>1</th><td>QQQ</td><td>-0.004</td></tr>',
  '  </tbody>',
  '</table>',
  '</div>',
].join('\n');

/** A research notebook with every kind of cell and output the site draws. */
export async function researchNotebook(): Promise<Json> {
  const [red, blue] = await Promise.all([pngBase64('#c00'), pngBase64('#00c')]);
  return notebook(
    [
      markdown('# Momentum in *equities*\n\nReturns over a year, with $r_t = \\log P_t - \\log P_{t-1}$.\n\n$$\\sigma^2 = \\frac{1}{n}\\sum_i r_i^2$$\n'),
      code('import pandas as pd\nframe = pd.DataFrame({"ticker": ["SPY", "QQQ"]})\nframe', [
        result({ 'text/html': lines(DATAFRAME_HTML), 'text/plain': lines('  ticker\n0    SPY\n1    QQQ') }),
      ]),
      code('plt.plot(x)', [display({ 'image/png': red, 'text/plain': ['<Figure size 640x480 with 1 Axes>'] })], { alt: 'Equity curve of the strategy' }),
      code('#| fig-cap: "Drawdowns"\nplt.plot(y)', [display({ 'image/png': blue, 'text/plain': ['<Figure>'] })]),
      code('print("fitting")', [stream('\u001b[32mconverged\u001b[0m after 12 steps\n')]),
      code('1 / 0', [
        error('ZeroDivisionError', 'division by zero', [
          '\u001b[0;31m---------------------------------------------------------------------------\u001b[0m',
          '\u001b[0;31mZeroDivisionError\u001b[0m: division by zero',
        ]),
      ]),
      code('fig.show()', [display({ 'application/vnd.plotly.v1+json': { data: [] }, 'text/html': ['<script>Plotly.newPlot()</script>'] })]),
      code('fig.show()', [display({ 'application/vnd.plotly.v1+json': { data: [] }, 'image/png': red })]),
      code('secret_setup()', [], { tags: ['remove-cell'] }),
      code('hidden_input()', [stream('shown output\n')], { tags: ['remove-input'] }),
      code('no_output()', [stream('not shown\n')], { tags: ['remove-output'] }),
      code('folded_input()', [], { tags: ['hide-input'] }),
    ],
    { papermill: { end_time: '2025-03-04T10:20:30.000000Z' } },
  );
}
