/**
 * A streaming RFC 4180 CSV reader for the store's imports (diamonds, jewelry, stock): quoted fields with commas,
 * doubled quotes and line breaks, CRLF or LF, records reported with their line, and a bound on what one stray
 * quote can make it hold.
 */
import { createReadStream } from 'node:fs';

/** Why a record could not be read; its fields are then empty, since what the parser held is not a row. */
export type CsvProblem = 'unterminated-quote' | 'too-long';

export interface CsvRecord {
  /** The 1-based line on which the record starts (a quoted field may span lines). */
  line: number;
  fields: string[];
  /**
   * Set when the record could not be read: a quoted field that did not close within MAX_RECORD_CHARS (or before
   * the end of the file, or that paired with a later field's quote), or a record longer than that cap. Reading
   * goes on at the line after `line`.
   */
  problem?: CsvProblem;
  /** For an unterminated quote: the 0-based index of the field the quote opened. */
  column?: number;
}

/**
 * The most characters one record may take, line breaks inside quoted fields included. A supplier row is 20-odd
 * short columns, a few hundred characters even with a comment or a certificate link in an extra column; 10,000
 * leaves ample room for those and bounds what one stray quote can make the parser hold (the record's raw text
 * and its parsed fields, each at most this long) however large the file.
 */
export const MAX_RECORD_CHARS = 10_000;

/**
 * An incremental RFC 4180 parser: feed it text in chunks of any size, collect complete records.
 * It is lenient where the RFC is strict but the intent is plain (a stray quote inside an unquoted field is
 * kept as text), because suppliers' spreadsheets produce such files and rejecting them helps nobody.
 *
 * A quote that never closes would otherwise swallow the rest of the file into one field. So a quoted field
 * that is not closed within MAX_RECORD_CHARS (or by the end of the file), and one that spans lines but whose
 * closing quote is followed by neither a comma nor a line end (the stray quote has paired with the next field's
 * opening quote), give up their record: it comes back with a `problem`, and reading starts again at the line
 * after the one where it started. A record longer than the cap without quotes is given up the same way. To
 * read those lines again the parser keeps the record's raw text, which the cap also bounds.
 */
export function createCsvParser() {
  let field = '';
  let fields: string[] = [];
  let inQuotes = false;
  // The quoted field being read has crossed a line break: a stray quote is the usual reason.
  let quotedAcrossLines = false;
  // A quote seen inside a quoted field: either the closing quote or the first half of a doubled quote.
  // Deciding needs the next character, which may arrive in the next chunk.
  let quoteSeen = false;
  let skipLf = false;
  // After giving up a record that had no line break within the cap: the rest of its line is dropped.
  let skippingLine = false;
  let line = 1;
  let recordLine = 1;
  let atStart = true;
  // The raw text of the record in progress that came in earlier chunks (the current chunk's part is a slice).
  let pending = '';
  let out: CsvRecord[] = [];

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    // A blank line is not a record.
    if (!(fields.length === 1 && fields[0] === '')) out.push({ line: recordLine, fields });
    fields = [];
  };

  /**
   * Gives up the record in progress, whose raw text is `raw`: reports it and returns where in `raw` reading
   * starts again (just after its first line break), or null when `raw` holds no line break yet.
   */
  function abandon(raw: string, problem: CsvProblem): number | null {
    const record: CsvRecord = { line: recordLine, fields: [], problem };
    if (problem === 'unterminated-quote') record.column = fields.length;
    out.push(record);
    field = '';
    fields = [];
    inQuotes = false;
    quoteSeen = false;
    line = recordLine;
    const lineBreak = raw.search(/[\r\n]/);
    if (lineBreak === -1) return null;
    line = recordLine + 1;
    recordLine = line;
    let from = lineBreak + 1;
    if (raw[lineBreak] === '\r') {
      if (from === raw.length) skipLf = true;
      else if (raw[from] === '\n') from++;
    }
    return from;
  }

  function read(input: string, from: number) {
    let text = input;
    // Where the record in progress starts in `text` (`from` when it started in an earlier chunk).
    let start = from;
    for (let i = from; i < text.length; i++) {
      const c = text[i]!;
      if (skippingLine) {
        if (c === '\n' || c === '\r') {
          skippingLine = false;
          line++;
          recordLine = line;
          skipLf = c === '\r';
          start = i + 1;
        }
        continue;
      }
      if (skipLf) {
        skipLf = false;
        if (c === '\n') {
          start = i + 1;
          continue;
        }
      }
      const endsRecord = !inQuotes && (c === '\n' || c === '\r');
      const overLong = !endsRecord && pending.length + (i - start) >= MAX_RECORD_CHARS;
      const strayQuote = quoteSeen && quotedAcrossLines && c !== '"' && c !== ',' && c !== '\n' && c !== '\r';
      if (overLong || strayQuote) {
        const again = abandon(pending + text.slice(start, i), inQuotes || strayQuote ? 'unterminated-quote' : 'too-long');
        if (again === null) {
          // Nothing of this line can be read; this character is the first one dropped.
          skippingLine = true;
          pending = '';
          start = i;
          i--;
        } else if (again >= pending.length) {
          // The lines to read again are in this chunk: step back to them.
          i = start + (again - pending.length) - 1;
          start = i + 1;
          pending = '';
        } else {
          // They began in an earlier chunk: read the kept text, then the rest of this chunk. This happens at
          // most once per chunk, since everything read from here on starts in the new text.
          text = pending.slice(again) + text.slice(start);
          pending = '';
          start = 0;
          i = -1;
        }
        continue;
      }
      if (quoteSeen) {
        quoteSeen = false;
        if (c === '"') {
          field += '"';
          inQuotes = true;
          continue;
        }
        // The quote closed the field; this character is handled as unquoted text below.
      } else if (inQuotes) {
        if (c === '"') {
          inQuotes = false;
          quoteSeen = true;
        } else {
          if (c === '\n') line++;
          if (c === '\n' || c === '\r') quotedAcrossLines = true;
          field += c;
        }
        continue;
      }
      if (c === ',') endField();
      else if (c === '\n' || c === '\r') {
        line++;
        endRecord();
        recordLine = line;
        skipLf = c === '\r';
        start = i + 1;
        pending = '';
      } else if (c === '"' && field === '') {
        inQuotes = true;
        quotedAcrossLines = false;
      } else field += c;
    }
    if (!skippingLine) pending += text.slice(start);
  }

  function push(text: string): CsvRecord[] {
    let from = 0;
    if (atStart && text.length > 0) {
      atStart = false;
      if (text.charCodeAt(0) === 0xfeff) from = 1;
    }
    read(text, from);
    const records = out;
    out = [];
    return records;
  }

  function finish(): CsvRecord[] {
    // The file ended inside quotes: the quote never closed. The lines after the record's first are read again;
    // each round reads less than the one before, so this ends.
    while (inQuotes) {
      const raw = pending;
      pending = '';
      const again = abandon(raw, 'unterminated-quote');
      if (again !== null) read(raw, again);
    }
    if (!skippingLine && (field !== '' || fields.length > 0 || quoteSeen)) endRecord();
    quoteSeen = false;
    skippingLine = false;
    fields = [];
    field = '';
    pending = '';
    const records = out;
    out = [];
    return records;
  }

  /** How much of the record in progress the parser holds: its raw text and the field being read. */
  function held(): { raw: number; field: number } {
    return { raw: pending.length, field: field.length };
  }

  return { push, finish, held };
}

/** Parses a whole CSV text at once (tests and small files). */
export function parseCsv(text: string): CsvRecord[] {
  const parser = createCsvParser();
  return [...parser.push(text), ...parser.finish()];
}

/** Streams the records of a CSV file, reporting the bytes read so far for progress. */
export async function* readCsvFile(
  path: string,
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<CsvRecord> {
  const parser = createCsvParser();
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  for await (const chunk of stream as AsyncIterable<string>) {
    yield* parser.push(chunk);
    onBytes?.(stream.bytesRead);
  }
  yield* parser.finish();
}


/**
 * Rows as CSV text (RFC 4180: comma-separated, CRLF lines, a field quoted when it holds a comma, quote or line
 * break). A field a stranger could have typed that starts with = + - @ or a tab is prefixed with ' so a spreadsheet
 * opening the export shows it as text instead of running it as a formula.
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  const field = (value: string | number | null) => {
    if (value === null) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
