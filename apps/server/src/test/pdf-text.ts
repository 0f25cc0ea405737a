import { inflateSync } from 'node:zlib';

/** The Windows-1252 characters of 0x80–0x9F, which Latin-1 decoding would get wrong. */
const CP1252: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

const decode = (hex: string) =>
  (hex.match(/../g) ?? [])
    .map((h) => {
      const code = parseInt(h, 16);
      return CP1252[code] ?? String.fromCharCode(code);
    })
    .join('');

/**
 * The text a PDF of these documents draws, one string per text operation, in drawing order: every content stream is
 * read (inflated when compressed, as the store serves them) and each `[<hex> kerning <hex>] TJ` joined. Enough for the
 * standard fonts PDFKit writes with; not a general PDF reader. Tests read what a shopper's viewer would show.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = (m[1]!.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      runs.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1]!)).join(''));
    }
  }
  return runs;
}

/** All the text of a PDF, its runs joined by spaces (a search in it finds words across a kerning split). */
export const pdfPlainText = (pdf: Buffer) => pdfTextRuns(pdf).join(' ');
