import PDFDocument from 'pdfkit';
import { APPOINTMENTS } from '@everstone/contract';
import type { StoreIdentity } from './identity.ts';

/**
 * The drawing kit every document shares: a US Letter page with the store's header and footer, a table of lines that
 * runs over pages with its header repeated, label–value rows, and text made safe for the standard fonts. PDFKit's
 * standard fonts (Helvetica) need no font file; they draw the Windows-1252 characters only, so `pdfText` replaces
 * what they cannot draw (docs/decisions/023-order-documents.md, "Trade-offs").
 */

export type Doc = PDFKit.PDFDocument;

/** The page: US Letter, three-quarter-inch margins; the footer sits in the bottom margin. */
export const PAGE = { width: 612, height: 792, margin: 54 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lowest a row may reach before the page turns (the footer's room is below it). */
const BOTTOM = PAGE.height - PAGE.margin - 18;

export const INK = '#1d1d1f';
export const MUTED = '#5f6368';
/** The store's accent: a muted gold for rules and headings' small capitals. */
export const GOLD = '#9a7b4f';
const RULE = '#d9d4cc';
const SHADE = '#f5f2ec';

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

/** The characters of Windows-1252 beyond Latin-1 that the standard fonts draw (its 0x80–0x9F row). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Characters the fonts lack that have a plain equivalent: the minus sign of a deduction, a non-breaking hyphen. */
const PLAIN: Record<string, string> = { '\u2212': '-', '\u2011': '-', '\u2010': '-', '\u202f': ' ', '\u2009': ' ' };
/** Text direction and invisible formatting marks (a name can hide a reversed run behind them): dropped. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * Text as the standard fonts can draw it: control characters become spaces, invisible marks go, and a character
 * outside Windows-1252 becomes its plain equivalent (a minus sign a hyphen) or its unaccented letter when it has one (Ł stays a '?', ő becomes o) or '?'. A name in
 * a script the fonts lack is therefore not drawn faithfully: the trade-off of needing no font file.
 */
export function pdfText(text: string): string {
  const out: string[] = [];
  for (const ch of text.normalize('NFC').replace(INVISIBLE, '')) {
    const code = ch.codePointAt(0)!;
    if (PLAIN[ch]) out.push(PLAIN[ch]);
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out.push(' ');
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(ch)) out.push(ch);
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out.push(base.length > 0 && [...base].every((c) => c.codePointAt(0)! <= 0xff) ? base : '?');
    }
  }
  return out.join('');
}

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: APPOINTMENTS.timeZone, month: 'long', day: 'numeric', year: 'numeric' });
/** 'July 14, 2026': the store's day of an instant, as its documents date things. */
export const formatDocumentDay = (iso: string) => dayFormat.format(new Date(iso));

export interface RenderOptions {
  /** The store's name, address and email on the document (STORE_IDENTITY with the configured email). */
  identity?: StoreIdentity;
  /** Compressed content streams (the default, as served); tests may read them either way. */
  compress?: boolean;
}

/** Draws a document and answers its bytes. `info` names it for readers' title bars and screen readers. */
export function renderPdf(info: { title: string; subject: string; author: string }, draw: (doc: Doc) => void, options: RenderOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: 'en-US',
    displayTitle: true,
    info: { Title: pdfText(info.title), Subject: pdfText(info.subject), Author: pdfText(info.author), Creator: pdfText(info.author) },
    font: FONT.regular,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** Writes `text` at (x, y) in `width`, without moving the flow (the caller places the next thing). */
export function put(doc: Doc, text: string, x: number, y: number, o: { width?: number; size?: number; font?: string; color?: string; align?: 'left' | 'right' | 'center'; spacing?: number } = {}): number {
  doc.font(o.font ?? FONT.regular).fontSize(o.size ?? 9.5).fillColor(o.color ?? INK);
  const options = { width: o.width ?? CONTENT_WIDTH, align: o.align ?? 'left', lineGap: 1.5, characterSpacing: o.spacing ?? 0 };
  const safe = pdfText(text);
  const height = doc.heightOfString(safe, options);
  doc.text(safe, x, y, options);
  return height;
}

/** A horizontal rule across the content at `y`. */
export function rule(doc: Doc, y: number, color = RULE, width = 0.75): void {
  doc.save().moveTo(PAGE.margin, y).lineTo(PAGE.width - PAGE.margin, y).lineWidth(width).strokeColor(color).stroke().restore();
}

/**
 * The header of every first page: the wordmark and the store's address on the left; the document's title and its
 * facts (number, date…) on the right; a gold rule under both. Answers the y below it.
 */
export function header(doc: Doc, identity: StoreIdentity, title: string, facts: readonly [string, string][]): number {
  const top = PAGE.margin;
  put(doc, identity.name.toUpperCase(), PAGE.margin, top, { font: FONT.bold, size: 22, spacing: 4 });
  const a = identity.address;
  const lines = [identity.legalName, a.street, `${a.city}, ${a.region} ${a.zip}`, identity.email];
  let y = top + 30;
  for (const line of lines) y += put(doc, line, PAGE.margin, y, { size: 8.5, color: MUTED, width: 250 });

  const right = PAGE.margin + CONTENT_WIDTH / 2;
  const half = CONTENT_WIDTH / 2;
  let ry = top + put(doc, title.toUpperCase(), right, top, { font: FONT.bold, size: title.length > 16 ? 12 : 15, color: GOLD, align: 'right', width: half, spacing: 1.2 }) + 6;
  for (const [label, value] of facts) {
    put(doc, label, right, ry, { size: 8.5, color: MUTED, width: half - 130, align: 'left' });
    ry += put(doc, value, right + half - 130, ry, { size: 8.5, font: FONT.bold, width: 130, align: 'right' }) + 1;
  }
  const bottom = Math.max(y, ry) + 10;
  rule(doc, bottom, GOLD, 1.2);
  return bottom + 16;
}

/** A small-capital heading of a section ('SHIP TO', 'CENTER STONE'). Answers the y below it. */
export function sectionTitle(doc: Doc, text: string, x: number, y: number, width = CONTENT_WIDTH): number {
  return y + put(doc, text.toUpperCase(), x, y, { font: FONT.bold, size: 8, color: GOLD, spacing: 1.2, width }) + 4;
}

/** Lines of an address block under a heading, the first (the name) in bold unless told. Answers the y below it. */
export function addressBlock(doc: Doc, title: string, lines: readonly string[], x: number, y: number, width: number, boldFirst = true): number {
  let at = sectionTitle(doc, title, x, y, width);
  lines.forEach((line, i) => {
    at += put(doc, line, x, at, { width, font: i === 0 && boldFirst ? FONT.bold : FONT.regular });
  });
  return at;
}

/** Turns the page when `height` more would not fit above the footer; answers where to draw. */
export function room(doc: Doc, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}

/** Label–value rows (a definition list on paper), the label in a column of its own. Answers the y below them. */
export function facts(doc: Doc, rows: readonly [string, string][], y: number, o: { x?: number; width?: number; labelWidth?: number } = {}): number {
  const x = o.x ?? PAGE.margin;
  const width = o.width ?? CONTENT_WIDTH;
  const labelWidth = o.labelWidth ?? 150;
  let at = y;
  for (const [label, value] of rows) {
    doc.font(FONT.regular).fontSize(9);
    const height = Math.max(doc.heightOfString(pdfText(value), { width: width - labelWidth, lineGap: 1.5 }), 11);
    at = room(doc, at, height + 3);
    put(doc, label, x, at, { color: MUTED, width: labelWidth - 8, size: 9 });
    put(doc, value, x + labelWidth, at, { width: width - labelWidth, size: 9 });
    at += height + 3;
  }
  return at;
}

/** Label–value rows in two columns side by side (a stone's grades), the first half on the left. Answers the y below. */
export function factColumns(doc: Doc, rows: readonly [string, string][], y: number): number {
  const half = Math.ceil(rows.length / 2);
  const width = CONTENT_WIDTH / 2 - 10;
  const start = room(doc, y, half * 14);
  const left = facts(doc, rows.slice(0, half), start, { width, labelWidth: 105 });
  const right = facts(doc, rows.slice(half), start, { x: PAGE.margin + width + 20, width, labelWidth: 95 });
  return Math.max(left, right);
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  /** An empty box in each row, to tick by hand (the packing desk's check). */
  tick?: boolean;
}

/** A table row: a main text per column, and under the first text column lines of detail in a smaller grey. */
export interface Row {
  cells: string[];
  details?: string[];
}

/**
 * A table across the content: a shaded header, each row with its details under its description, a hairline between
 * rows. A row never splits over two pages; the header is drawn again on each page the table reaches. `detailColumn`
 * is the column the details go under. Answers the y below the table.
 */
export function table(doc: Doc, columns: readonly Column[], rows: readonly Row[], y: number, detailColumn = 1): number {
  const pad = 5;
  const drawHead = (at: number) => {
    doc.save().rect(PAGE.margin, at, CONTENT_WIDTH, 18).fill(SHADE).restore();
    let x = PAGE.margin;
    for (const c of columns) {
      put(doc, c.title.toUpperCase(), x + pad, at + 5, { font: FONT.bold, size: 7.5, color: MUTED, width: c.width - 2 * pad, align: c.align ?? 'left', spacing: 0.8 });
      x += c.width;
    }
    return at + 18 + 4;
  };
  let at = drawHead(room(doc, y, 60));
  for (const row of rows) {
    const heights = columns.map((c, i) => {
      doc.font(i === detailColumn ? FONT.bold : FONT.regular).fontSize(9.5);
      let h = doc.heightOfString(pdfText(row.cells[i] ?? ''), { width: c.width - 2 * pad, lineGap: 1.5 });
      if (i === detailColumn && row.details) {
        doc.font(FONT.regular).fontSize(8.5);
        for (const d of row.details) h += doc.heightOfString(pdfText(d), { width: c.width - 2 * pad, lineGap: 1.5 }) + 1;
      }
      return h;
    });
    const height = Math.max(...heights) + 2 * pad;
    if (at + height > BOTTOM) {
      doc.addPage();
      at = drawHead(PAGE.margin);
    }
    let x = PAGE.margin;
    columns.forEach((c, i) => {
      let cy = at + pad;
      cy += put(doc, row.cells[i] ?? '', x + pad, cy, { width: c.width - 2 * pad, align: c.align ?? 'left', font: i === detailColumn ? FONT.bold : FONT.regular });
      if (i === detailColumn) for (const d of row.details ?? []) cy += put(doc, d, x + pad, cy + 1, { width: c.width - 2 * pad, size: 8.5, color: MUTED }) + 1;
      if (c.tick) tickBox(doc, x + c.width / 2 - 4.5, at + pad + 1);
      x += c.width;
    });
    at += height;
    rule(doc, at, RULE, 0.5);
  }
  return at + 8;
}

/** An empty square to tick by hand (the packing desk's check), drawn: the standard fonts have no ballot box. */
export function tickBox(doc: Doc, x: number, y: number): void {
  doc.save().rect(x, y, 9, 9).lineWidth(0.8).strokeColor(INK).stroke().restore();
}

/** The footer of every page: the store, its address and email, and "Page n of N". Drawn once all pages exist. */
export function footers(doc: Doc, identity: StoreIdentity, note: string): void {
  const range = doc.bufferedPageRange();
  const a = identity.address;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing into the bottom margin would otherwise start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 12;
    rule(doc, y - 6);
    put(doc, `${identity.legalName} · ${a.street}, ${a.city}, ${a.region} ${a.zip} · ${identity.email}`, PAGE.margin, y, { size: 7.5, color: MUTED, width: CONTENT_WIDTH - 90 });
    put(doc, `Page ${i - range.start + 1} of ${range.count}`, PAGE.width - PAGE.margin - 90, y, { size: 7.5, color: MUTED, width: 90, align: 'right' });
    put(doc, note, PAGE.margin, y + 11, { size: 7.5, color: MUTED, width: CONTENT_WIDTH });
    doc.page.margins.bottom = bottomMargin;
  }
}
