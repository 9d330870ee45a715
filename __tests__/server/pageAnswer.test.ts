import { inlineStyles } from '../../server/src/pages/pageAnswer';

describe('the inline styles of a page, as the browser hashes them', () => {
  it('reads every style element’s text up to its first end tag, whatever its attributes and case', () => {
    const html = '<head><style data-styled="true">a{color:red}</style></head><body><STYLE>b{}</STYLE ><svg><style>c{}</style></svg><style></style></body>';
    expect(inlineStyles(html)).toEqual(['a{color:red}', 'b{}', 'c{}', '']);
  });

  it('reads line ends as the HTML parser does', () => {
    expect(inlineStyles('<style>a{}\r\nb{}\rc{}\n</style>')).toEqual(['a{}\nb{}\nc{}\n']);
  });

  it('finds none in a page without styles, or where one is only quoted', () => {
    expect(inlineStyles('<p>&lt;style&gt;x&lt;/style&gt;</p><stylesheet>')).toEqual([]);
  });
});
