/**
 * The supplier file of the inventory (docs/inventory.md): the columns `npm run import` and the back office's import
 * read, and the back office's export writes. One list, so the import page shows what the importer accepts.
 */
import { CERTIFICATE_COMPANIES, DIAMOND_STATUSES, FANCY_COLORS, FANCY_INTENSITIES, RANGES, SCALES, SHAPES } from '../constants.ts';
import { formatCents } from '../money.ts';
import { MIN_STONE_PRICE_CENTS } from '../checkout/pricing.ts';

/**
 * The statuses a file may set. `reserved` is not one of them: only an order reserves a stone, with a hold that
 * ends; a reservation from a file would have neither. A supplier takes a stone off sale with `sold`.
 */
export const IMPORT_STATUSES = DIAMOND_STATUSES.filter((s) => s !== 'reserved');
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * The columns a supplier file may carry, matched case-insensitively after trimming; spaces and dashes in a
 * header count as underscores ("Certificate Number" works). Extra columns are ignored.
 */
export const IMPORT_COLUMNS = {
  certificate_number: { required: true, help: 'the grading report number, unique per stone (letters, digits, dashes)' },
  lab: { required: true, help: CERTIFICATE_COMPANIES.map((c) => c.dl_name).join(' or ') },
  type: { required: true, help: 'natural, lab or color (or 1, 2, 3)' },
  shape: { required: true, help: SHAPES.join(', ') },
  carat: { required: true, help: 'weight, 0.01 to 99.99' },
  price: { required: true, help: `asking price in US dollars, at least ${formatCents(MIN_STONE_PRICE_CENTS)}, e.g. 4250 or 4,250.00` },
  clarity: { required: true, help: SCALES.clarity.join(', ') },
  color: { required: false, help: `${SCALES.color.join(', ')}; required for natural and lab stones` },
  fancy_color: { required: false, help: `${FANCY_COLORS.join(', ')}; required for color stones` },
  fancy_intensity: { required: false, help: `${FANCY_INTENSITIES.join(', ')}; required for color stones` },
  cut: { required: false, help: SCALES.cut.join(', ') },
  polish: { required: false, help: SCALES.polish.join(', ') },
  symmetry: { required: false, help: SCALES.symmetry.join(', ') },
  fluorescence: { required: false, help: SCALES.fluorescence.join(', ') },
  length: { required: false, help: 'millimetres' },
  width: { required: false, help: 'millimetres' },
  table: { required: false, help: `table percentage, ${RANGES.table.min} to ${RANGES.table.max}` },
  depth: { required: false, help: `depth percentage, ${RANGES.depth.min} to ${RANGES.depth.max}` },
  featured: { required: false, help: 'yes/no, true/false or 1/0; blank is no' },
  status: { required: false, help: `${IMPORT_STATUSES.join(', ')}; blank keeps a known stone's status (new stones: available)` },
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;
