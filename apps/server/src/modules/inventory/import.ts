/**
 * Supplier CSV import: row validation against the contract's scales and an upsert by certificate number in
 * batches, over the streaming RFC 4180 reader of lib/csv.ts.
 */
import { statSync } from 'node:fs';
import {
  CERTIFICATE_COMPANIES,
  DIAMOND_TYPES,
  FANCY_COLORS,
  FANCY_INTENSITIES,
  GRADE_SHORT_NAMES,
  MAX_STONE_PRICE_CENTS,
  MIN_STONE_PRICE_CENTS,
  RANGES,
  SCALES,
  SHAPES,
  STONE_PRICE_NOT_AN_AMOUNT,
  STONE_PRICE_TOO_LOW,
  priceToCents,
  type AuditAction,
} from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { DiamondRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { createStoneRepository } from './stone-repository.ts';
import { inventoryTables, type InventoryTables } from './tables.ts';
import { bumpInventoryVersion } from './feed-repository.ts';
import { MAX_RECORD_CHARS, createCsvParser, readCsvFile, type CsvRecord } from '../../lib/csv.ts';
import { changedFields, stoneFields, type StoneField } from './stone-fields.ts';

export { createCsvParser, parseCsv, readCsvFile, MAX_RECORD_CHARS, type CsvRecord, type CsvProblem } from '../../lib/csv.ts';

// ---------------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------------

export { IMPORT_COLUMNS, IMPORT_STATUSES, type ImportColumn, type ImportStatus } from '@everstone/contract';
import { IMPORT_COLUMNS, IMPORT_STATUSES, type ImportColumn, type ImportStatus } from '@everstone/contract';
const COLUMN_NAMES = Object.keys(IMPORT_COLUMNS) as ImportColumn[];

export interface RowError {
  line: number;
  /** Every problem with the row, each naming its column. */
  problems: string[];
}

/** A header that lacks required columns or repeats one: nothing in the file can be read. */
export class ImportHeaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportHeaderError';
  }
}

const normalizeHeader = (h: string) => h.trim().toLowerCase().replace(/[\s-]+/g, '_');
const normalizeGrade = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');

/** Maps each header to its column index; unknown headers are ignored. */
export function readHeader(fields: string[]): Map<ImportColumn, number> {
  const index = new Map<ImportColumn, number>();
  fields.forEach((raw, i) => {
    const name = normalizeHeader(raw) as ImportColumn;
    if (!(name in IMPORT_COLUMNS)) return;
    if (index.has(name)) throw new ImportHeaderError(`The header names the column "${name}" twice`);
    index.set(name, i);
  });
  const missing = COLUMN_NAMES.filter((c) => IMPORT_COLUMNS[c].required && !index.has(c));
  if (missing.length > 0) {
    throw new ImportHeaderError(
      `The header lacks the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (it has: ${fields.join(', ')})`,
    );
  }
  return index;
}

/** Looks a grade up by full name or its short code (EX, VG, …), case-insensitively; ids are 1-based. */
function gradeLookup(names: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  names.forEach((name, i) => {
    map.set(normalizeGrade(name), i + 1);
    const short = GRADE_SHORT_NAMES[name];
    if (short && !map.has(short.toLowerCase())) map.set(short.toLowerCase(), i + 1);
  });
  return map;
}

const LOOKUPS = {
  shape: gradeLookup(SHAPES),
  cut: gradeLookup(SCALES.cut),
  color: gradeLookup(SCALES.color),
  clarity: gradeLookup(SCALES.clarity),
  polish: gradeLookup(SCALES.polish),
  symmetry: gradeLookup(SCALES.symmetry),
  fluorescence: gradeLookup(SCALES.fluorescence),
  fancy_color: gradeLookup(FANCY_COLORS),
  fancy_intensity: gradeLookup(FANCY_INTENSITIES),
  lab: new Map(CERTIFICATE_COMPANIES.map((c) => [c.dl_name.toLowerCase(), c.id])),
  type: new Map<string, number>([
    ['natural', DIAMOND_TYPES.natural],
    ['1', DIAMOND_TYPES.natural],
    ['lab', DIAMOND_TYPES.lab],
    ['lab-grown', DIAMOND_TYPES.lab],
    ['lab grown', DIAMOND_TYPES.lab],
    ['2', DIAMOND_TYPES.lab],
    ['color', DIAMOND_TYPES.color],
    ['colour', DIAMOND_TYPES.color],
    ['fancy', DIAMOND_TYPES.color],
    ['3', DIAMOND_TYPES.color],
  ]),
} as const;

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);
const CERTIFICATE = /^[A-Za-z0-9][A-Za-z0-9-]{3,31}$/;

/** A stone as a row describes it: every column the file sets, blanks as null. */
type RowStone = Omit<DiamondRow, 'id' | 'status'>;

/** A row with its problems, or the stone it describes. `status` is null when the file leaves it blank. */
export type RowResult =
  | { ok: true; diamond: RowStone; status: ImportStatus | null }
  | { ok: false; problems: string[] };

export function parseRow(fields: string[], header: Map<ImportColumn, number>): RowResult {
  const problems: string[] = [];
  const get = (c: ImportColumn) => {
    const i = header.get(c);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  const lookup = (c: keyof typeof LOOKUPS, required: boolean): number | null => {
    const raw = get(c);
    if (raw === '') {
      if (required) problems.push(`${c}: is required (${IMPORT_COLUMNS[c].help})`);
      return null;
    }
    const id = LOOKUPS[c].get(normalizeGrade(raw));
    if (id === undefined) problems.push(`${c}: "${raw}" is not one of ${IMPORT_COLUMNS[c].help}`);
    return id ?? null;
  };
  const number = (c: ImportColumn, min: number, max: number, required = false): number | null => {
    const raw = get(c);
    if (raw === '') {
      if (required) problems.push(`${c}: is required (${IMPORT_COLUMNS[c].help})`);
      return null;
    }
    const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= min && value <= max)) {
      problems.push(`${c}: "${raw}" must be a number from ${min} to ${max}`);
      return null;
    }
    return value;
  };
  // A price is read as the stone editor reads one (priceToCents), after the dollar sign suppliers often write:
  // a fraction of a cent or a comma that is not a thousands separator is a problem row, never rounded or guessed.
  const priceCents = (): number | null => {
    const raw = get('price');
    if (raw === '') {
      problems.push(`price: is required (${IMPORT_COLUMNS.price.help})`);
      return null;
    }
    const cents = priceToCents(raw.replace(/^\$/, ''));
    if (cents === null || cents > MAX_STONE_PRICE_CENTS) problems.push(`price: "${raw}" ${STONE_PRICE_NOT_AN_AMOUNT}`);
    else if (cents < MIN_STONE_PRICE_CENTS) problems.push(`price: "${raw}" ${STONE_PRICE_TOO_LOW}`);
    else return cents;
    return null;
  };

  const certificate = get('certificate_number');
  if (certificate === '') problems.push(`certificate_number: is required (${IMPORT_COLUMNS.certificate_number.help})`);
  else if (!CERTIFICATE.test(certificate)) {
    problems.push(`certificate_number: "${certificate}" must be 4 to 32 letters, digits or dashes`);
  }
  const lab = lookup('lab', true);
  const type = lookup('type', true);
  const shape = lookup('shape', true);
  const carat = number('carat', 0.01, 99.99, true);
  const price = priceCents();
  const clarity = lookup('clarity', true);
  const white = type !== DIAMOND_TYPES.color;
  const color = lookup('color', type !== null && white);
  const fancyColor = lookup('fancy_color', type === DIAMOND_TYPES.color);
  const fancyIntensity = lookup('fancy_intensity', type === DIAMOND_TYPES.color);
  if (type !== null && white && (get('fancy_color') !== '' || get('fancy_intensity') !== '')) {
    problems.push('fancy_color: only color stones (type color) carry a fancy color');
  }
  if (type === DIAMOND_TYPES.color && get('color') !== '') {
    problems.push('color: color stones carry fancy_color and fancy_intensity instead of a D–H color');
  }
  const cut = lookup('cut', false);
  const polish = lookup('polish', false);
  const symmetry = lookup('symmetry', false);
  const fluorescence = lookup('fluorescence', false);
  const length = number('length', 0.5, 100);
  const width = number('width', 0.5, 100);
  if ((length === null) !== (width === null) && !problems.some((p) => p.startsWith('length') || p.startsWith('width'))) {
    problems.push('length, width: give both measurements or neither');
  }
  const table = number('table', RANGES.table.min, RANGES.table.max);
  const depth = number('depth', RANGES.depth.min, RANGES.depth.max);

  const featuredRaw = get('featured').toLowerCase();
  let featured = 0;
  if (YES.has(featuredRaw)) featured = 1;
  else if (!NO.has(featuredRaw)) problems.push(`featured: "${get('featured')}" must be yes or no`);

  const statusRaw = get('status').toLowerCase();
  let status: ImportStatus | null = null;
  if (statusRaw === 'reserved') {
    problems.push('status: "reserved" is set only by an order, whose hold ends; use "sold" to take a stone off sale, or leave the status blank');
  } else if (statusRaw !== '') {
    status = IMPORT_STATUSES.find((s) => s === statusRaw) ?? null;
    if (status === null) problems.push(`status: "${get('status')}" is not one of ${IMPORT_STATUSES.join(', ')}`);
  }

  if (problems.length > 0) return { ok: false, problems };
  const measured = length !== null && width !== null;
  return {
    ok: true,
    status,
    diamond: {
      certificate_number: certificate.toUpperCase(),
      type: type!,
      shape_id: shape!,
      carat: carat!,
      color_id: white ? color : null,
      fancy_color_id: white ? null : fancyColor,
      fancy_intensity_id: white ? null : fancyIntensity,
      clarity_id: clarity,
      cut_id: cut,
      polish_id: polish,
      symmetry_id: symmetry,
      fluorescence_id: fluorescence,
      certificate_company_id: lab!,
      measurement_l: measured ? length : null,
      measurement_w: measured ? width : null,
      ratio: measured ? Math.round((length! / width!) * 1000) / 1000 : null,
      table_pct: table,
      depth_pct: depth,
      price_cents: price!,
      is_superdeal: featured,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------------------

export interface ImportSummary {
  /** Data rows read (the header not counted). */
  rows: number;
  inserted: number;
  updated: number;
  /** The rows skipped, in line order: unreadable, invalid, repeated, or about a stone an order holds or sold. */
  errors: RowError[];
}

/**
 * The audit entry of a stone an import added or changed, in the audit log's shape: the stone's own subject (its page
 * shows it, as it shows a staff member's edit), and only the fields that changed, in the file's terms.
 */
export interface StoneImportEntry {
  action: Extract<AuditAction, 'stone.import_add' | 'stone.import_change'>;
  subject: { type: 'stone'; id: string };
  /** Null for a stone the import added (`after` then holds every field). */
  before: Record<string, StoneField> | null;
  after: Record<string, StoneField>;
}

/**
 * Writes a batch's audit entries with `trx`, the batch's own transaction: the back office and the command line pass
 * the audit log's, each with its actor. It is required: no caller can import without leaving the entries.
 */
export type RecordStoneImport = (trx: Handle, entries: readonly StoneImportEntry[]) => Promise<void>;

export interface ImportOptions {
  /** Rows written per transaction. */
  batchSize?: number;
  record: RecordStoneImport;
  onProgress?: (bytesRead: number, totalBytes: number, rows: number) => void;
  /** After each batch commits, with the summary so far: what is written if the import stops later. */
  onBatch?: (summary: Readonly<ImportSummary>) => void;
}

/** A valid row on its way to the database. */
interface ImportRow {
  line: number;
  diamond: RowStone;
  status: ImportStatus | null;
}

/** Why a row about a stone an order holds or has sold was skipped, and what staff can do about it. */
function heldStoneProblem(certificate: string, current: string | undefined, wanted: ImportStatus): string {
  const skipped = 'the row was skipped and the stone keeps its status, price and grades';
  if (current === 'reserved' && wanted === 'sold') {
    return `status: stone ${certificate} is reserved by an order; ${skipped}. If the supplier has sold it elsewhere, cancel that order, then import the row again`;
  }
  if (current === 'reserved') {
    return `status: stone ${certificate} is reserved by an order and goes back on sale only when that order is cancelled or its hold runs out; ${skipped}. Leave the status blank to update its details`;
  }
  if (current === 'sold') {
    return `status: stone ${certificate} is sold and an import never puts a sold stone back on sale; ${skipped}. Leave the status blank to update its details`;
  }
  // The stone's status moved between the batch's read and its write, which the batch's lock is there to prevent.
  return `status: stone ${certificate} was reserved by an order while the file was imported; ${skipped}. Import the row again`;
}

/** Whether a column keeps its value: PostgreSQL reads a bigint as text, so numbers are compared as numbers. */
const sameValue = (stored: unknown, value: unknown) => stored === value || (typeof value === 'number' && stored !== null && Number(stored) === value);

/** The statuses a file may move a stone out of: staff may have hidden an available stone, and a file can show it again. */
const FILE_OWNED_STATUSES: readonly string[] = ['available', 'hidden'];

/**
 * Inserts new stones and updates known ones (matched by certificate number) in one transaction per batch, with one
 * audit entry per stone it adds or changes, written by `record` in the same transaction: an import cut off midway
 * leaves an entry for each stone of the batches it wrote and none for the rest. A known stone the row leaves as it is
 * is neither written nor logged, so importing a file again adds nothing to the log.
 *
 * A row that sets a status changes only a stone that is available, hidden or already has that status: reserved and
 * sold stones belong to orders, which keep their own copy of the price, so such a row is skipped whole and reported.
 * The batch's stones are read under the write lock (SQLite's BEGIN IMMEDIATE, PostgreSQL's FOR UPDATE), so an order
 * reserving a stone meanwhile waits for the batch, and what an entry calls "before" is what the update replaced; the
 * UPDATE still names the status it read, as the stock's reserveDiamond does (repository.ts). A row that leaves the
 * status blank updates the details only.
 */
async function writeBatch(d: ModuleDb<InventoryTables>, batch: ImportRow[], record: RecordStoneImport): Promise<{ inserted: number; updated: number; refused: RowError[] }> {
  // BEGIN IMMEDIATE on SQLite (db/transaction.ts): the import runs beside a live store writing the same file.
  return writeTransaction(d, async (trx) => {
    const stones = createStoneRepository(trx);
    const known = new Map((await stones.byCertificates(batch.map((b) => b.diamond.certificate_number), d.engine)).map((r) => [r.certificate_number, r]));
    let updated = 0;
    const refused: RowError[] = [];
    const entries: StoneImportEntry[] = [];
    for (const { line, diamond, status } of batch) {
      const current = known.get(diamond.certificate_number);
      if (!current) continue;
      if (status !== null && status !== current.status && !FILE_OWNED_STATUSES.includes(current.status)) {
        refused.push({ line, problems: [heldStoneProblem(diamond.certificate_number, current.status, status)] });
        continue;
      }
      const set = status === null ? diamond : { ...diamond, status };
      const change = changedFields(stoneFields(current), stoneFields({ ...current, ...set }));
      if (Object.keys(change.after).length > 0) {
        // Only the columns that differ: SQLite rewrites an index entry for every column named in the SET.
        const columns = Object.fromEntries(Object.entries(set).filter(([column, value]) => !sameValue(current[column as keyof typeof current], value)));
        if (!(await stones.updateIfStatus(current.id, current.status, columns))) {
          refused.push({ line, problems: [heldStoneProblem(diamond.certificate_number, undefined, status ?? 'available')] });
          continue;
        }
        entries.push({ action: 'stone.import_change', subject: { type: 'stone', id: String(current.id) }, ...change });
      }
      updated++;
    }
    const fresh = batch.filter((b) => !known.has(b.diamond.certificate_number)).map(({ diamond, status }) => ({ ...diamond, status: status ?? 'available' }));
    if (fresh.length > 0) {
      const ids = await stones.insert(fresh);
      for (const stone of fresh) entries.push({ action: 'stone.import_add', subject: { type: 'stone', id: String(ids.get(stone.certificate_number)!) }, before: null, after: stoneFields(stone) });
    }
    if (entries.length > 0) {
      await record(trx, entries);
      await bumpInventoryVersion(trx);
    }
    return { inserted: fresh.length, updated, refused };
  });
}

/** A column as the other reports name it: a known column by its name, any other by its header or position. */
function columnName(headerNames: string[], index: number): string {
  const raw = headerNames[index]?.trim() ?? '';
  if (normalizeHeader(raw) in IMPORT_COLUMNS) return normalizeHeader(raw);
  return raw === '' ? `column ${index + 1}` : raw;
}

/** The report for a record the CSV reader could not read. */
function unreadableProblem(record: CsvRecord, headerNames: string[]): string {
  if (record.problem === 'unterminated-quote') {
    const column = record.column === undefined ? undefined : columnName(headerNames, record.column);
    // Whether the quote ran to the cap, to the end of the file or into the next field's quote, it never closed.
    return (
      `${column ?? 'the row'}: the quote that opens this field is never closed; close it (a quote that belongs in the ` +
      'text is written twice, "") and import the row again. The lines after this one were read as rows of their own'
    );
  }
  return (
    `the line is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters, far more than a stone's row needs; ` +
    'check that the file is a stone list with one stone per line'
  );
}

/**
 * Reads a supplier CSV and imports every valid row; invalid rows are reported with their line and problems
 * and skipped. A certificate number repeated within the file is reported on its later lines.
 */
export async function importCsv(on: { db: Handle; engine: Engine }, records: AsyncIterable<CsvRecord> | Iterable<CsvRecord>, options: ImportOptions): Promise<ImportSummary> {
  const d: ModuleDb<InventoryTables> = { db: inventoryTables(on.db), engine: on.engine };
  const batchSize = options.batchSize ?? 1000;
  const summary: ImportSummary = { rows: 0, inserted: 0, updated: 0, errors: [] };
  const seen = new Map<string, number>();
  let header: Map<ImportColumn, number> | null = null;
  let headerNames: string[] = [];
  let batch: ImportRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const { inserted, updated, refused } = await writeBatch(d, batch, options.record);
    summary.inserted += inserted;
    summary.updated += updated;
    summary.errors.push(...refused);
    batch = [];
    options.onBatch?.(summary);
  };
  for await (const record of records) {
    if (header === null) {
      if (record.problem) {
        throw new ImportHeaderError(`The header row (line ${record.line}) cannot be read: ${unreadableProblem(record, [])}`);
      }
      header = readHeader(record.fields);
      headerNames = record.fields;
      continue;
    }
    summary.rows++;
    if (record.problem) {
      summary.errors.push({ line: record.line, problems: [unreadableProblem(record, headerNames)] });
      continue;
    }
    const result = parseRow(record.fields, header);
    if (!result.ok) {
      summary.errors.push({ line: record.line, problems: result.problems });
      continue;
    }
    const number = result.diamond.certificate_number;
    const first = seen.get(number);
    if (first !== undefined) {
      summary.errors.push({ line: record.line, problems: [`certificate_number: ${number} already appears on line ${first}`] });
      continue;
    }
    seen.set(number, record.line);
    batch.push({ line: record.line, diamond: result.diamond, status: result.status });
    if (batch.length >= batchSize) await flush();
  }
  if (header === null) throw new ImportHeaderError('The file is empty: it needs a header row naming the columns');
  await flush();
  // Rows refused at write time are found a batch after later rows' problems; staff read the report by line.
  summary.errors.sort((a, b) => a.line - b.line);
  return summary;
}

/** Imports a CSV from a stream (an upload), reporting progress by bytes read; the stream's bytes are counted, not trusted. */
export async function importCsvStream(d: { db: Handle; engine: Engine }, stream: AsyncIterable<Buffer | string>, options: ImportOptions & { totalBytes?: number }): Promise<ImportSummary> {
  let rows = 0;
  async function* records() {
    const parser = createCsvParser();
    const decoder = new TextDecoder('utf-8');
    let bytes = 0;
    for await (const chunk of stream) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      for (const record of parser.push(decoder.decode(buffer, { stream: true }))) {
        rows++;
        yield record;
      }
      options.onProgress?.(bytes, options.totalBytes ?? bytes, rows);
    }
    for (const record of parser.push(decoder.decode())) {
      rows++;
      yield record;
    }
    yield* parser.finish();
  }
  return importCsv(d, records(), options);
}

/** Imports a CSV file from disk, reporting progress by bytes read. */
export async function importCsvFile(d: { db: Handle; engine: Engine }, path: string, options: ImportOptions): Promise<ImportSummary> {
  const total = statSync(path).size;
  let rows = 0;
  async function* counted() {
    for await (const record of readCsvFile(path, (bytes) => options.onProgress?.(bytes, total, rows))) {
      rows++;
      yield record;
    }
  }
  return importCsv(d, counted(), options);
}
