import { notebookTask } from '../../../server/src/notebooks/task';
import { bytesOf, code, display, markdown, notebook, pngBase64, researchNotebook, stream } from './notebookFixtures';

const run = (value: unknown, hideCode = false) => notebookTask({ data: bytesOf(value), hideCode });

async function converted(value: unknown, hideCode = false) {
  const outcome = await run(value, hideCode);
  if (!('converted' in outcome)) throw new Error(`refused: ${outcome.problems.join(' ')}`);
  return outcome;
}

describe('a notebook made a note', () => {
  it('takes the title from the first heading and renders every kind of output', async () => {
    const outcome = await converted(await researchNotebook());
    const { converted: made, html, problems } = outcome;
    expect(problems).toEqual([]);
    expect(made.title).toBe('Momentum in equities');
    expect(made.kernel).toBe('Python 3 (ipykernel)');
    expect(made.lastRun).toBe('2025-03-04T10:20:30.000Z');
    // Display math through KaTeX, the DataFrame as a scrolling table without its style sheet.
    expect(html).toMatch(/<div class="math-display"[^>]*><span class="katex-display"><span class="katex"><span class="katex-mathml"><math[^>]*display="block"/);
    expect(html).toMatch(/<div class="table-scroll"[^>]*><table[^>]*>/);
    expect(html).toContain('<td>QQQ</td>');
    expect(html).not.toContain('only-of-type');
    expect(html).not.toContain('<style');
    expect(html).not.toContain('dataframe');
    // Code highlighted in the kernel's language; colours of the stream and traceback stripped.
    expect(html).toContain('class="hljs language-python"');
    expect(html).toContain('converged after 12 steps');
    expect(html).toContain('ZeroDivisionError: division by zero');
    expect(html).not.toContain('[0;31m');
    // Three pictures (two matplotlib figures, the Plotly output's PNG), with alt text from the cell where it gives one.
    expect(made.pictures.map((picture) => [picture.type, picture.alt, picture.cell, picture.output])).toEqual([
      ['image/png', 'Equity curve of the strategy', 3, 1],
      ['image/png', 'Drawdowns', 4, 1],
      ['image/png', null, 8, 1],
    ]);
    expect(html).toContain('<strong>Picture:</strong> Equity curve of the strategy');
    expect(html).toContain('<strong>Picture:</strong> Figure 3 (cell 8), no alt text yet');
    expect(made.pictures.every((picture) => picture.data.length > 0)).toBe(true);
    // A preview's pictures come back without their bytes, which it does not store.
    const preview = await notebookTask({ data: bytesOf(await researchNotebook()), hideCode: false, preview: true });
    expect('converted' in preview && preview.converted.pictures.map((picture) => [picture.cell, picture.data.length])).toEqual([
      [3, 0],
      [4, 0],
      [8, 0],
    ]);
    expect(html.match(/Interactive output not shown\./g)).toHaveLength(1);
    expect(html).not.toContain('Plotly.newPlot');
    expect(html).not.toContain('<script');
  });

  it('follows the cell tags and the option that hides all code', async () => {
    const { html } = await converted(await researchNotebook());
    expect(html).not.toContain('secret_setup');
    expect(html).not.toContain('hidden_input');
    expect(html).toContain('shown output');
    expect(html).toContain('no_output');
    expect(html).not.toContain('not shown\n');
    expect(html).toMatch(/<details>\s*<summary>Show code<\/summary>[\s\S]*folded_input/);
    const hidden = await converted(await researchNotebook(), true);
    expect(hidden.html).not.toContain('import pandas');
    expect(hidden.html).toContain('converged after 12 steps');
  });

  it('folds a long output under a disclosure and keeps a bounded part', async () => {
    const text = Array.from({ length: 800 }, (_, index) => `step ${index + 1}`).join('\n');
    const { html } = await converted(notebook([code('train()', [stream(text)])]));
    expect(html).toContain('step 20\n</code>');
    expect(html).toMatch(/<summary>Show 480 more lines<\/summary>/);
    expect(html).toContain('step 500');
    expect(html).not.toContain('step 501');
    expect(html).toContain('300 more lines not shown.');
  });

  it("makes a Markdown cell's attached pictures figures of the note, with the alt text of their brackets", async () => {
    const [red, blue] = await Promise.all([pngBase64('#c00'), pngBase64('#00c')]);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script><rect width="8" height="8"/></svg>';
    const outcome = await converted(
      notebook([
        markdown('# Curves'),
        markdown(
          'The curve ![Yield curve, \\[upward\\]](attachment:curve.png "title") steepened.\n\n![](attachment:my%20chart.png)',
          {},
          {
            'curve.png': { 'image/png': red },
            'my chart.png': { 'image/png': blue, 'text/plain': 'chart' },
          },
        ),
        markdown('![Sketch](attachment:sketch.svg) and ![Lost](attachment:lost.png)', {}, { 'sketch.svg': { 'image/svg+xml': [svg] } }),
      ]),
    );
    expect(outcome.converted.pictures.map(({ type, alt, cell, output, attachment }) => [type, alt, cell, output, attachment])).toEqual([
      ['image/png', 'Yield curve, [upward]', 2, null, 'curve.png'],
      ['image/png', null, 2, null, 'my chart.png'],
      ['image/svg+xml', 'Sketch', 3, null, 'sketch.svg'],
    ]);
    expect(Buffer.from(outcome.converted.pictures[2].data).toString()).not.toContain('script');
    // In the preview each stands in its line of text, until a save stores it.
    expect(outcome.html).toContain('The curve <strong>[Picture: Yield curve, [upward]]</strong> steepened.');
    expect(outcome.html).toContain('<strong>[Picture: Figure 2 (cell 2), no alt text yet]</strong>');
    expect(outcome.problems).toEqual(['Cell 3: the picture attachment:lost.png is not attached to the cell.']);
    expect(outcome.html).toContain(' and Lost</p>');
  });

  it('names a problem of the rendering by its cell', async () => {
    const outcome = await converted(notebook([markdown('# T'), markdown('Fine.'), markdown('Broken $$\\frac{1}{$$ formula.')]));
    expect(outcome.problems).toEqual([expect.stringMatching(/^Cell 3: This formula does not parse/)]);
  });

  it('lets no script, handler or foreign resource of SVG and HTML outputs through', async () => {
    const svg =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert(1)">' +
      '<script>alert(2)</script><foreignObject><iframe src="https://evil.example/"></iframe></foreignObject>' +
      '<image xlink:href="https://evil.example/track.png" width="5" height="5"/><rect width="10" height="10" style="fill: url(https://evil.example/f)"/>' +
      '<circle cx="5" cy="5" r="2" fill="red"/></svg>';
    const html =
      '<div onclick="steal()"><img src="https://evil.example/pixel.gif" onerror="steal()"><a href="javascript:steal()">x</a>' +
      '<iframe src="https://evil.example/"></iframe><script>steal()</script><b>bold</b></div>';
    const outcome = await converted(notebook([code('show()', [display({ 'image/svg+xml': svg }), display({ 'text/html': html })])]));
    const [picture] = outcome.converted.pictures;
    const cleanSvg = Buffer.from(picture.data).toString();
    expect(cleanSvg).toContain('<circle');
    for (const hostile of ['script', 'alert', 'onload', 'foreignObject', 'iframe', 'evil.example', 'ENTITY', 'passwd']) expect(cleanSvg).not.toContain(hostile);
    expect(outcome.html).toContain('<b>bold</b>');
    for (const hostile of ['steal', 'evil.example', '<iframe', '<script', 'onclick', 'onerror']) expect(outcome.html).not.toContain(hostile);
  });
});

describe('a file that is not a notebook the site reads', () => {
  it('names the wrong nbformat version', async () => {
    expect(await run({ ...notebook([]), nbformat: 3 })).toEqual({
      problems: ['This notebook is in nbformat 3; the site reads nbformat 4: open and save it in Jupyter 4 or later.'],
    });
    expect(await run({ nbformat: 3, nbformat_minor: 0, metadata: {}, worksheets: [] })).toEqual({ problems: [expect.stringContaining('nbformat 3')] });
  });

  it('names the structure problems by cell', async () => {
    const outcome = await run(
      notebook([
        markdown('# Fine'),
        { cell_type: 'code', metadata: {}, source: 'x', outputs: [] },
        code('plot()', [display({ 'image/png': 'not base64 at all!' })]),
        { cell_type: 'heading', metadata: {}, source: '' },
        code('x', [{ output_type: 'pyout' }]),
        markdown('![a](attachment:a.png)', {}, { 'a.png': { 'image/png': '%%%' }, 'b.png': 'none' }),
        { ...markdown('x'), attachments: [] },
      ]),
    );
    expect(outcome).toEqual({
      problems: [
        'Cell 2: its execution_count is not a number or null.',
        'Cell 3: output of type image/png is not base64.',
        'Cell 4: its cell_type "heading" is not code, markdown or raw.',
        'Cell 5: an output is of unknown output_type "pyout".',
        'Cell 6: attachment a.png of type image/png is not base64.',
        'Cell 6: its attachment b.png has no data.',
        'Cell 7: its attachments are not an object.',
      ],
    });
  });

  it('reads base64 broken into lines, and refuses padding anywhere but at its end', async () => {
    const png = await pngBase64('#0c0');
    const broken = png.replace(/.{76}/g, '$&\n').split(/(?<=\n)/);
    const outcome = await converted(notebook([code('plot()', [display({ 'image/png': broken })], { alt: 'Green' })]));
    expect(Buffer.from(outcome.converted.pictures[0].data).equals(Buffer.from(png, 'base64'))).toBe(true);
    expect(await run(notebook([code('plot()', [display({ 'image/png': `${png.slice(0, 8)}=${png.slice(8)}` })])]))).toEqual({
      problems: ['Cell 1: output of type image/png is not base64.'],
    });
  });

  it('refuses JSON that is not a notebook, text that is not JSON, and too many cells', async () => {
    expect(await run([1, 2])).toEqual({ problems: ['This file is not a notebook: it has no nbformat, metadata and cells.'] });
    expect(await notebookTask({ data: Buffer.from('{"cells": ['), hideCode: false })).toEqual({
      problems: [expect.stringMatching(/^This file is not a notebook: it is not valid JSON/)],
    });
    expect(await notebookTask({ data: Buffer.from([0xff, 0xfe, 0x00]), hideCode: false })).toEqual({
      problems: ['This file is not a notebook: it is not UTF-8 text.'],
    });
    const empty = { cell_type: 'raw', metadata: {}, source: '' };
    expect(await run(notebook(Array.from({ length: 100_000 }, () => empty)))).toEqual({
      problems: ['A notebook has at most 2,000 cells; this one has 100,000: split it.'],
    });
  });

  it('refuses outputs past their limits', async () => {
    const long = 'x'.repeat(1_100_000);
    const huge = 'A'.repeat(15 * 1024 * 1024);
    const outcome = await run(notebook([code('spam()', [stream(long)]), code('big()', [display({ 'image/png': huge })])]));
    expect('converted' in outcome && outcome.problems).toEqual([
      'Cell 1: its outputs print 1.0 MB of text; at most 1.0 MB: print less, or tag the cell remove-output.',
      'Cell 2: its image/png output is 11.3 MB; a picture is at most 10.0 MB.',
    ]);
  });
});
