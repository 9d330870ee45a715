import { escapeHtml } from '../lib/html';

/** A part of a message: a paragraph, a link on a line of its own, or a published item. */
export type MailBlock =
  | { paragraph: string }
  | { link: string; label: string }
  | { title: string; url: string; lines: string[] }
  /** Small print under a rule: why the reader gets the mail and how to stop it. */
  | { footer: string[] };

/**
 * One message as plain text and as HTML saying the same, with the links written out (no tracking:
 * the addresses are the pages' own, the same for every reader) and no pictures.
 */
export function renderMail(blocks: MailBlock[]): { text: string; html: string } {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if ('paragraph' in block) {
      text.push(block.paragraph, '');
      html.push(`<p>${escapeHtml(block.paragraph)}</p>`);
    } else if ('link' in block) {
      text.push(`${block.label}:`, block.link, '');
      html.push(
        `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a><br><span style="font-size: 0.9em;">${escapeHtml(block.link)}</span></p>`,
      );
    } else if ('title' in block) {
      text.push(block.title, ...block.lines, block.url, '');
      html.push(
        `<h2 style="font-size: 1.15em; margin: 1.2em 0 0.2em;"><a href="${escapeHtml(block.url)}">${escapeHtml(block.title)}</a></h2>`,
        ...block.lines.map((line) => `<p style="margin: 0.2em 0;">${escapeHtml(line)}</p>`),
      );
    } else {
      text.push('--', ...block.footer, '');
      html.push(
        '<hr style="border: none; border-top: 1px solid #d0d7de; margin-top: 2em;">',
        ...block.footer.map((line) => `<p style="font-size: 0.9em; color: #57606a;">${linkified(line)}</p>`),
      );
    }
  }
  return {
    text: `${text.join('\n').trimEnd()}\n`,
    html: `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, 'Times New Roman', serif; line-height: 1.5; color: #1f2328; max-width: 40em;">
${html.join('\n')}
</body>
</html>
`,
  };
}

/** A footer line with its web addresses as links. */
function linkified(line: string): string {
  return line
    .split(/(https?:\/\/\S+)/)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}
