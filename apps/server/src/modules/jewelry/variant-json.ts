import { readStoredDesign, type IncludedStone, type PieceDesign } from '@everstone/contract';
import type { ProductRow, ProductVariantRow } from '../../db/schema.ts';

/*
 * The JSON columns of the jewelry's rows, read and written here alone: a piece's design (design_json, on products and
 * variants) and a preset's own center stone (included_stone_json). Every other file of the module goes through these.
 */

/**
 * A variant's (or a product's) design as stored, read through the design's schema: what a design saved before its
 * parts were all required left out comes back as the schema has it (absent parts as null), so every answer and every
 * comparison with an edited design sees one form of it.
 */
export const designOf = (row: Pick<ProductVariantRow, 'design_json'> | Pick<ProductRow, 'design_json'>): PieceDesign => readStoredDesign(JSON.parse(row.design_json));

/** A variant's own center stone, for a preset that comes with one; null otherwise. */
export const includedStoneOf = (row: Pick<ProductVariantRow, 'included_stone_json'>): IncludedStone | null =>
  row.included_stone_json ? (JSON.parse(row.included_stone_json) as IncludedStone) : null;

/** The design column's text. */
export const designJson = (design: PieceDesign | unknown): string => JSON.stringify(design);

/** The center stone column's text; null without one. */
export const includedStoneJson = (stone: IncludedStone | unknown | null | undefined): string | null => (stone ? JSON.stringify(stone) : null);

/** Whether two designs are the same, as stored. */
export const sameDesign = (a: PieceDesign, b: PieceDesign): boolean => designJson(a) === designJson(b);
