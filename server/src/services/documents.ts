import { entryDataOffset, listZipEntries, readZipEntry } from './zip';

/** Largest document accepted, in bytes (answered with 413 above it). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const DOCUMENT_MESSAGES = {
  unsupported: 'Unsupported file type. Upload a PDF, Word (.docx), OpenDocument text (.odt) or plain text (UTF-8) file; the content decides, not the name.',
} as const;

export type DocumentKind = 'pdf' | 'docx' | 'odt' | 'txt';

export const DOCUMENT_TYPES: Record<DocumentKind, { contentType: string; extension: string }> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  odt: { contentType: 'application/vnd.oasis.opendocument.text', extension: 'odt' },
  txt: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
};

/** The extensions of the addresses named after a document's type (`/cv.pdf`, `/research/KEY/paper.pdf`). */
export const DOCUMENT_EXTENSIONS = new Set(Object.values(DOCUMENT_TYPES).map((type) => type.extension));
export const documentExtension = (contentType: string) => Object.values(DOCUMENT_TYPES).find((type) => type.contentType === contentType)?.extension ?? 'pdf';

const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text';
const DOCX_MAIN_PART = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** What the content says the document is, whatever its name claims; undefined when not accepted. */
export async function detectDocumentKind(data: Buffer): Promise<DocumentKind | undefined> {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') {
    // A PDF ends with %%EOF (give or take trailing bytes); without it the upload was cut short.
    return data.subarray(-2048).includes('%%EOF') ? 'pdf' : undefined;
  }
  const entries = listZipEntries(data);
  if (entries) return officeKind(data, entries);
  if (isPlainText(data)) return 'txt';
  return undefined;
}

async function officeKind(data: Buffer, entries: NonNullable<ReturnType<typeof listZipEntries>>) {
  const names = new Set(entries.map((e) => e.name));
  // ODF requires an uncompressed `mimetype` entry first in the archive.
  const first = entries.find((e) => e.localHeaderOffset === 0);
  if (first?.name === 'mimetype' && first.method === 0 && names.has('content.xml')) {
    const start = entryDataOffset(data, first);
    if (start !== undefined && data.subarray(start, start + first.compressedSize).toString('latin1') === ODT_MIMETYPE) {
      return 'odt' as const;
    }
  }
  const contentTypes = entries.find((e) => e.name === '[Content_Types].xml');
  if (contentTypes && names.has('word/document.xml')) {
    const xml = await readZipEntry(data, contentTypes, 1024 * 1024);
    if (xml?.toString('utf8').includes(DOCX_MAIN_PART)) return 'docx' as const;
  }
  return undefined;
}

/** Markup (HTML, SVG, XML) is not plain text, whatever its name says. */
const MARKUP_START = /^\s*<(\?xml|!doctype|html|svg|script|body|head|iframe)\b/i;

/** UTF-8 that decodes cleanly and holds no NUL byte (binary files nearly always do). */
function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  if (
    MARKUP_START.test(
      data
        .subarray(0, 1024)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    )
  )
    return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

const MAX_NAME_LENGTH = 200;

function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * True when a file name as sent by the browser is a bare name. Browsers send no folders; a
 * name with separators or `..` is an attack or a broken client either way.
 */
export function isPlainFileName(name: string): boolean {
  return !/[/\\]/.test(name) && !hasControlCharacter(name) && name !== '.' && name !== '..';
}

/**
 * The download name offered for a document: the uploader's name, tidied, with the extension
 * of the type actually detected (a PDF named `cv.txt` downloads as `cv.txt.pdf`).
 */
export function downloadFileName(uploaded: string, kind: DocumentKind): string {
  const { extension } = DOCUMENT_TYPES[kind];
  let name = uploaded.normalize('NFC').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (!name.toLowerCase().endsWith(`.${extension}`)) name = name ? `${name}.${extension}` : '';
  const stem = name
    .slice(0, name.length - extension.length - 1)
    .slice(0, MAX_NAME_LENGTH)
    .trim();
  return `${stem || 'document'}.${extension}`;
}
