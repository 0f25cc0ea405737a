import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  ENGRAVING,
  ENGRAVING_MESSAGES,
  MAX_HELD_STONES_PER_ACCOUNT,
  METAL_LABELS,
  RING_FAMILIES,
  RING_SIZE_MESSAGES,
  RING_SIZE_UNKNOWN,
  ORDER_MESSAGES,
  UNPAID_CEILING,
  ceilingReachedMessage,
  WALLET_PAYMENT_METHOD,
  centsToPrice,
  GIFT_IDS,
  GIFT_PIECES,
  giftFor,
  diamondUnitPrice,
  fitProblem,
  headFitOf,
  notASettingMessage,
  priceLines,
  productUnitPrice,
  ringDescription,
  ringDesignWithStone,
  ringLeadDays,
  ringPrice,
  ringUnitPrice,
  stoneInTwoLinesMessage,
  tooManyHeldMessage,
  totalChangedMessage,
  unavailableMessage,
  unknownDiamondsMessage,
  unknownVariantsMessage,
  unpaidHoldMs,
  variantLabel,
  TAX_PENDING,
  formatTaxRate,
  type DeliveryCountry,
  type Quote,
  type DiamondLine,
  type GiftChoice,
  type GiftStandingResponse,
  type GoneLines,
  type LineItem,
  type OrderRing,
  type ProductLine,
  type RingLine,
  type ShapeName,
  type Order,
  type PaymentMethod,
  type WalletOrderResponse,
  type orderRequestSchema,
  type walletOrderRequestSchema,
  ringPriceToWire,
} from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { transact } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { requireOwner, type SignedIn } from '../../plugins/auth.ts';
import { MAX_DIAMOND_ID, type DiamondService, type DiamondForSale } from '../diamonds/index.ts';
import { StockUnavailableError, type InventoryService, type StockUnit } from '../inventory/index.ts';
import type { TaxProvider } from '../tax/index.ts';
import type { MailQueue } from '../mail/index.ts';
import { lineIdentity, type OrderedProduct, type OrderDetails, type OrderDraft, type OrderLineDraft, type OrderService } from '../orders/index.ts';
import type { JewelryService, VariantForSale } from '../jewelry/index.ts';
import { PaidLinesLostError, type CapturedPayment, type PaidLine, type WalletHooks, type WalletService } from '../payments/index.ts';

export type OrderInput = z.output<typeof orderRequestSchema>;
export type WalletOrderInput = z.output<typeof walletOrderRequestSchema>;
/** Which request field an item error is reported under: the one the client sent (§7's items_id, or lines). */
type ItemsField = OrderInput['itemsField'];

export interface PlacedOrder {
  order: Order;
  /** True when an Idempotency-Key named an order placed before: nothing new was stored. */
  replayed: boolean;
}

/** 409: lines someone else has (or had) ordered, or no longer sold; nothing was reserved. */
export class LinesUnavailableError extends ConflictError {
  readonly labels: string[];
  constructor(gone: GoneLines, field: ItemsField) {
    const message = unavailableMessage(gone.diamonds, gone.pieces);
    super(message, { [field]: [message] });
    this.labels = [...gone.diamonds, ...gone.pieces];
  }
}

const goneOf = (units: readonly { kind: string; label: string }[]): GoneLines => ({
  diamonds: units.filter((u) => u.kind === 'diamond').map((u) => u.label),
  pieces: units.filter((u) => u.kind !== 'diamond').map((u) => u.label),
});

/** 409: the account already holds as many unpaid units as it may (MAX_HELD_STONES_PER_ACCOUNT); nothing was reserved. */
export class TooManyHeldError extends ConflictError {
  constructor(held: number, adding: number, orderNumbers: string[], field: ItemsField) {
    const message = tooManyHeldMessage(held, adding, orderNumbers);
    super(message, { [field]: [message] });
  }
}

/**
 * 409: what unpaid orders of untrusted accounts hold store-wide is at the ceiling (UNPAID_CEILING) for this account;
 * nothing was reserved. Said under `payment_mode`: the way through is a method paid at once (PayPal), or verifying.
 */
export class CeilingReachedError extends ConflictError {
  readonly verifyHelps: boolean;
  constructor(verifyHelps: boolean) {
    const message = ceilingReachedMessage(verifyHelps);
    super(message, { payment_mode: [message] });
    this.verifyHelps = verifyHelps;
  }
}

/**
 * A line priced from the catalog, as the order will keep it, with what it takes from stock: a loose diamond its
 * stone, a stocked piece its units, a ring its stone (and its setting's units when the setting is stocked); nothing
 * when made to order.
 */
interface PricedLine {
  line: LineItem;
  stored: OrderLineDraft;
  stock: StockUnit[];
  listCents: number;
  wireDiscountCents: number;
}

export interface CheckoutServiceDeps {
  /** The database the checkout's transactions run on: it owns no table, so it opens none; the modules it calls do. */
  db: { db: Handle; engine: Engine };
  diamonds: DiamondService;
  jewelry: JewelryService;
  inventory: InventoryService;
  orders: OrderService;
  mail: MailQueue;
  /** Where the sales tax of an order's lines comes from: the store's own tables, or a hosted service (docs/taxes.md). */
  tax: TaxProvider;
  now?: () => Date;
  /** UNPAID_HOLD_CEILING: units unpaid orders of untrusted accounts may hold at once, store-wide (UNPAID_CEILING.units by default). */
  unpaidCeiling?: number;
}

/**
 * The checkout: the one place an order is placed, whatever the method, and a wallet payment becomes its order.
 * It prices the lines through the catalog (every price from the store's records, never the payload's), reserves
 * their stock through the inventory, stores the order through the orders module and queues its emails, in one
 * transaction: a line taken meanwhile rolls everything back. docs/decisions/013-line-items-and-checkout.md.
 */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db: d, diamonds, jewelry, inventory, orders, mail } = deps;
  const now = deps.now ?? (() => new Date());
  const ceiling = deps.unpaidCeiling ?? UNPAID_CEILING.units;

  /**
   * Inside the order's transaction: refuses an unpaid order of an account without a verified email and a paid order
   * when what such orders hold store-wide would pass the ceiling (an unverified account's share of it, or the whole),
   * and answers whether the order is such an account's. Below the ceiling nothing changes for anyone; a trusted
   * account's order is never counted or refused here (decision 011).
   */
  async function requireRoomUnderCeiling(trx: Handle, signedIn: SignedIn, adding: number, at: Date): Promise<boolean> {
    const verified = signedIn.user.email_verified;
    const paid = await orders.hasPaidOrder(trx, signedIn.user.id);
    if (verified && paid) return false;
    if (adding === 0) return true;
    const held = await orders.untrustedHeld(trx, at);
    const limit = verified ? ceiling : Math.floor(ceiling * UNPAID_CEILING.unverifiedShare);
    if (held + adding > limit) {
      // Verifying lets the order through when it makes the account trusted (it has a paid order) or moves it to the
      // whole ceiling with room left; otherwise only a method paid at once does.
      throw new CeilingReachedError(!verified && (paid || held + adding <= ceiling));
    }
    return true;
  }

  const productsOf = (lines: readonly LineItem[]) => lines.filter((l): l is ProductLine => l.kind === 'product');
  const ringsOf = (lines: readonly LineItem[]) => lines.filter((l): l is RingLine => l.kind === 'ring');
  /** Every line that takes a stone from the inventory: loose diamonds and rings' center stones. */
  const withStones = (lines: readonly LineItem[]) => lines.filter((l): l is DiamondLine | RingLine => l.kind === 'diamond' || l.kind === 'ring');

  /** 422 for ids that cannot name a stone, before any query. */
  function refuseImpossible(lines: readonly LineItem[], field: ItemsField): void {
    const impossible = withStones(lines).filter((line) => line.diamond_id > MAX_DIAMOND_ID).map((line) => line.diamond_id);
    if (impossible.length > 0) throw new ValidationError({ [field]: [unknownDiamondsMessage(impossible)] }, unknownDiamondsMessage(impossible));
  }

  /**
   * The lines priced from the catalog, read through `trx`: 422 naming lines that name nothing the store sells or
   * break a piece's rules (a ring without a size, an engraving where none is possible), and, unless `anyStatus`,
   * 409 naming lines no longer on sale. Each unit at its list price as the catalog has it now.
   */
  async function price(
    trx: Handle,
    lines: readonly LineItem[],
    field: ItemsField,
    options: { anyStatus?: boolean } = {},
  ): Promise<PricedLine[]> {
    const stoneLines = withStones(lines);
    const pieceLines = [...productsOf(lines), ...ringsOf(lines)];
    const stones = await diamonds.diamondsForSale(trx, [...new Set(stoneLines.map((line) => line.diamond_id))]);
    const unknown = [...new Set(stoneLines.filter((line) => !stones.has(line.diamond_id)).map((line) => line.diamond_id))];
    if (unknown.length > 0) throw new ValidationError({ [field]: [unknownDiamondsMessage(unknown)] }, unknownDiamondsMessage(unknown));
    const variants = await jewelry.variantsForSale(trx, [...new Set(pieceLines.map((line) => line.variant_id))]);
    const unknownVariants = [...new Set(pieceLines.filter((line) => !variants.has(line.variant_id)).map((line) => line.variant_id))];
    if (unknownVariants.length > 0) throw new ValidationError({ [field]: [unknownVariantsMessage(unknownVariants)] }, unknownVariantsMessage(unknownVariants));

    // A stone is one of a kind: loose in one line and set in a ring in another (or in two rings) would sell it twice.
    // The contract refuses two lines of the same key; a loose stone and a ring share no key, so it is said here.
    const seen = new Set<number>();
    const twice = new Set<number>();
    for (const line of stoneLines) (seen.has(line.diamond_id) ? twice : seen).add(line.diamond_id);
    if (twice.size > 0) {
      const message = stoneInTwoLinesMessage([...twice].map((id) => stones.get(id)!.certificateNumber));
      throw new ValidationError({ [field]: [message] }, message);
    }

    const problems = lines.flatMap((line) => {
      if (line.kind === 'product') return lineProblems(line, variants.get(line.variant_id)!);
      if (line.kind === 'ring') return ringProblems(line, stones.get(line.diamond_id)!, variants.get(line.variant_id)!);
      return [];
    });
    if (problems.length > 0) throw new ValidationError({ [field]: problems }, problems.join(' '));

    const priced = lines.map((line): PricedLine => {
      switch (line.kind) {
        case 'diamond':
          return pricedDiamond(line, stones.get(line.diamond_id)!);
        case 'product':
          return pricedProduct(line, variants.get(line.variant_id)!);
        case 'ring':
          return pricedRing(line, stones.get(line.diamond_id)!, variants.get(line.variant_id)!);
      }
    });
    if (!options.anyStatus) {
      const off = ({ variant, product }: VariantForSale) => variant.discontinued || !product.published;
      // A ring is named by what is gone of it: its stone by certificate number, its setting by name.
      const taken: GoneLines = {
        diamonds: stoneLines.map((line) => stones.get(line.diamond_id)!).filter((record) => record.status !== 'available').map((record) => record.certificateNumber),
        pieces: [...new Set(pieceLines.map((line) => variants.get(line.variant_id)!).filter(off).map(({ product }) => product.name))],
      };
      if (taken.diamonds.length + taken.pieces.length > 0) throw new LinesUnavailableError(taken, field);
    }
    return priced;
  }

  /**
   * What keeps a ring from being made as asked, in the shopper's words and naming the setting: a variant that is not
   * a setting, a stone its head cannot hold (shape, width window, the Luxe minimum, no measurements: the same check
   * the builder makes, made again here as the stone's record may have changed since), a size left open on a setting
   * that cannot be resized, an engraving where none is possible.
   */
  function ringProblems(line: RingLine, stone: DiamondForSale, { variant, product }: VariantForSale): string[] {
    const head = variant.design.form === 'ring' ? variant.design.head : null;
    if (product.family !== 'setting' || head === null) return [notASettingMessage(product.name)];
    const out: string[] = [];
    const fit = fitProblem(headFitOf(head), { shape: stone.shape, carat: stone.carat, lengthMm: stone.lengthMm, widthMm: stone.widthMm });
    if (fit !== null) out.push(`${product.name} with the diamond ${stone.certificateNumber}: ${fit}`);
    if (line.ring_size === RING_SIZE_UNKNOWN && !product.resizable) out.push(`${product.name}: ${RING_SIZE_MESSAGES.notResizable}`);
    if (line.engraving !== null && !product.engravable) out.push(`${product.name}: ${ENGRAVING_MESSAGES.notAllowed}`);
    return out;
  }

  /** What a product line asks that its piece does not allow, in the shopper's words. */
  function lineProblems(line: ProductLine, { product }: VariantForSale): string[] {
    const out: string[] = [];
    const ring = RING_FAMILIES.includes(product.family);
    if (ring && line.ring_size === null) out.push(`${product.name}: ${RING_SIZE_MESSAGES.required}`);
    if (!ring && line.ring_size !== null) out.push(`${product.name}: ${RING_SIZE_MESSAGES.notRing}`);
    if (ring && line.ring_size === RING_SIZE_UNKNOWN && !product.resizable) out.push(`${product.name}: ${RING_SIZE_MESSAGES.notResizable}`);
    if (line.engraving !== null && !product.engravable) out.push(`${product.name}: ${ENGRAVING_MESSAGES.notAllowed}`);
    return out;
  }

  function pricedDiamond(line: DiamondLine, record: DiamondForSale): PricedLine {
    const unit = diamondUnitPrice(record.priceCents);
    return {
      line,
      listCents: unit.unitCents,
      wireDiscountCents: unit.wireDiscountCents,
      stock: [{ kind: 'diamond', diamondId: record.diamondId, label: record.certificateNumber }],
      stored: {
        kind: 'diamond',
        quantity: line.quantity,
        unitCents: unit.unitCents,
        description: record.description,
        stone: { id: record.diamondId, certificateNumber: record.certificateNumber, type: record.type, carat: record.carat },
      },
    };
  }

  /** A product line: the variant's price, plus the engraving's; its units from the shelf when it is stocked. */
  function pricedProduct(line: ProductLine, { variant, product }: VariantForSale): PricedLine {
    const engravingCents = line.engraving ? ENGRAVING.priceCents : 0;
    const unit = productUnitPrice(variant.priceCents + engravingCents);
    const description = `${product.name}, ${variantLabel({ metal: variant.metal, shape: variant.shape, carat_total: variant.caratTotal, width_mm: variant.widthMm, origin: variant.origin }, product.family)}`;
    const details: OrderedProduct = {
      variant_id: variant.id,
      sku: variant.sku,
      slug: product.slug,
      name: product.name,
      family: product.family,
      metal: variant.metal,
      shape: variant.shape,
      carat_total: variant.caratTotal,
      width_mm: variant.widthMm,
      origin: variant.origin,
      breakdown: variant.breakdown,
      engraving_cents: engravingCents,
      design: variant.design,
      included_stone: variant.included,
    };
    return {
      line,
      listCents: unit.unitCents,
      wireDiscountCents: unit.wireDiscountCents,
      stock: variant.stocked ? [{ kind: 'variant', variantId: variant.id, quantity: line.quantity, label: product.name }] : [],
      stored: {
        kind: 'product',
        quantity: line.quantity,
        unitCents: unit.unitCents,
        description,
        variant: { id: variant.id, sku: variant.sku, productSlug: product.slug, metal: variant.metal, ringSize: line.ring_size, engraving: line.engraving, fromStock: variant.stocked, leadDays: variant.leadDays },
        product: details,
      },
    };
  }

  /**
   * A ring: the stone set in the setting's variant, one order line holding both parts (the line's diamond_id is what
   * the one-holder index guards, so the stone cannot be held by a loose line and a ring at once; decision 015).
   * Priced by its parts: the stone's price, the setting variant's (split into its side stones and the rest) and the
   * engraving. The order keeps the whole ring as it was ordered: both parts, the shopper's choices, the itemized
   * price and the setting's design with this stone in its head, for the pictures.
   */
  function pricedRing(line: RingLine, stone: DiamondForSale, { variant, product }: VariantForSale): PricedLine {
    const price = ringPrice({
      stoneCents: diamondUnitPrice(stone.priceCents).unitCents,
      settingVariantCents: variant.priceCents,
      settingStonesCents: variant.breakdown.stones_cents,
      engraved: line.engraving !== null,
    });
    const unit = ringUnitPrice(price);
    const leadDays = ringLeadDays(variant.leadDays);
    const shape = stone.shape as ShapeName;
    const width = stone.widthMm === null || stone.lengthMm === null ? null : Math.min(stone.widthMm, stone.lengthMm);
    // ringProblems refused a stone without measurements, so the head is drawn at the certificate's size.
    const design =
      variant.design.form === 'ring' && stone.lengthMm !== null && stone.widthMm !== null
        ? ringDesignWithStone(variant.design, { shape, lengthMm: stone.lengthMm, widthMm: stone.widthMm, depthPct: stone.depthPct })
        : variant.design;
    const ring: OrderRing = {
      diamond_id: stone.diamondId,
      certificate_number: stone.certificateNumber,
      stone_description: stone.description,
      shape,
      carat: stone.carat,
      type: stone.type as OrderRing['type'],
      length_mm: stone.lengthMm,
      width_mm: stone.widthMm,
      depth_mm: width === null || stone.depthPct === null ? null : Math.round(width * stone.depthPct) / 100,
      setting_variant_id: variant.id,
      setting_sku: variant.sku,
      setting_slug: product.slug,
      setting_name: product.name,
      metal: variant.metal,
      origin: variant.origin,
      ring_size: line.ring_size,
      engraving: line.engraving,
      lead_days: leadDays,
      price: ringPriceToWire(price),
      design,
    };
    const stock: StockUnit[] = [{ kind: 'diamond', diamondId: stone.diamondId, label: stone.certificateNumber }];
    if (variant.stocked) stock.push({ kind: 'variant', variantId: variant.id, quantity: 1, label: product.name });
    return {
      line,
      listCents: unit.unitCents,
      wireDiscountCents: unit.wireDiscountCents,
      stock,
      stored: {
        kind: 'ring',
        quantity: 1,
        unitCents: unit.unitCents,
        description: ringDescription(product.name, METAL_LABELS[variant.metal], stone.description),
        variant: { id: variant.id, sku: variant.sku, productSlug: product.slug, metal: variant.metal, ringSize: line.ring_size, engraving: line.engraving, fromStock: variant.stocked, leadDays },
        ring,
      },
    };
  }

  /**
   * The line as the order keeps it at `unitCents`, the price one unit was paid at (the method's, or what the wallet's
   * shopper approved). A ring's itemized price follows: the difference from its list total is its stone's (a bank
   * wire takes its $5 off the stone, as it would loose), so the items still add up to what the line cost.
   */
  function storedAt(p: PricedLine, unitCents: number): OrderLineDraft {
    if (p.stored.kind !== 'ring' || unitCents === p.stored.unitCents) return { ...p.stored, unitCents };
    const { ring } = p.stored;
    const off = ring.price.total_cents - unitCents;
    const price = { ...ring.price, stone_cents: ring.price.stone_cents - off, total_cents: unitCents };
    return { ...p.stored, unitCents, ring: { ...ring, price } };
  }

  /** What the lines take from stock (made-to-order pieces take nothing). */
  const stockUnits = (priced: readonly PricedLine[]) => priced.flatMap((p) => p.stock);

  /**
   * What the lines cost with `method` shipped to `address`: the contract's one pricing function, then each line's
   * sales tax on what it costs (the tax provider, read in `trx` when given). Refused with the store's total when the
   * shopper saw another, and with what is wrong when the address's ZIP or postal code cannot be placed.
   */
  async function quote(priced: readonly PricedLine[], method: PaymentMethod, address: { country: DeliveryCountry; zip: string }, trx?: Handle) {
    const pricing = priceLines(
      priced.map((p) => ({ kind: p.line.kind, quantity: p.line.quantity, unitCents: p.listCents, wireDiscountCents: p.wireDiscountCents })),
      method,
    );
    const tax = await deps.tax.quote({ country: address.country, postal: address.zip }, pricing.lines, trx ? { tx: trx } : {});
    return { pricing, tax, totalCents: pricing.totalCents + (tax.ok ? tax.totalCents : 0) };
  }

  /** The quote of the lines, refused when the shopper saw another total (naming both) or the address cannot be taxed. */
  async function requireTotal(priced: readonly PricedLine[], method: PaymentMethod, address: { country: DeliveryCountry; zip: string }, sentCents: number, field: string, trx?: Handle) {
    const { pricing, tax, totalCents } = await quote(priced, method, address, trx);
    if (!tax.ok) throw new ValidationError({ address: [tax.message] }, tax.message);
    if (totalCents !== sentCents) {
      const message = totalChangedMessage(centsToPrice(totalCents), centsToPrice(sentCents));
      throw new ValidationError({ [field]: [message] }, message);
    }
    // Each line keeps the unit price this method paid and its tax, and the order the total they add up to.
    const lines = priced.map((p, i) => ({ ...storedAt(p, pricing.lines[i]!.totalCents / p.line.quantity), tax: tax.lines[i]! }));
    return { lines, totalCents, taxCents: tax.totalCents, subtotalCents: pricing.subtotalCents };
  }

  /**
   * Inside the order's transaction, after its lines are reserved: §9's gift for a list subtotal (the contract's rule,
   * the one the cart showed), unless the account has received its one gift; its unit taken from the gift piece's shelf
   * like any stocked piece's. None left (or the piece gone from the catalog): the order is placed without it, says so,
   * and the account keeps its right to one. The gift is a $0 line and never changes the total.
   */
  async function giftOf(trx: Handle, userId: number, subtotalCents: number, choice: GiftChoice | null): Promise<{ gift: OrderDraft['gift']; lines: OrderLineDraft[] }> {
    const gift = giftFor(subtotalCents, choice);
    if (gift === null) return { gift: null, lines: [] };
    if ((await orders.giftReceivedBy(trx, userId)) !== null) return { gift: { gift, outcome: 'already_received' }, lines: [] };
    const outOfStock = { gift: { gift, outcome: 'out_of_stock' as const }, lines: [] };
    const forSale = await jewelry.giftVariantForSale(trx, gift);
    if (!forSale) return outOfStock;
    const priced = pricedProduct({ kind: 'product', variant_id: forSale.variant.id, quantity: 1, ring_size: null, engraving: null }, forSale);
    try {
      await inventory.reserve(trx, priced.stock, userId);
    } catch (err) {
      if (err instanceof StockUnavailableError) return outOfStock;
      throw err;
    }
    if (priced.stored.kind !== 'product') throw new Error('A gift is a product line');
    const line: OrderLineDraft = { ...priced.stored, unitCents: 0, description: `Free gift: ${priced.stored.description}`, gift };
    return { gift: { gift, outcome: 'given' }, lines: [line] };
  }

  /** The order this user placed earlier under `key`; a 422 when that order holds other lines. */
  async function replay(signedIn: SignedIn, key: string, lines: readonly LineItem[]): Promise<Order | null> {
    const earlier = await orders.findByIdempotencyKey(signedIn.user.id, key);
    if (!earlier) return null;
    const keys = new Set(lines.map(lineIdentity));
    const same = earlier.lines.length === lines.length && earlier.lines.every((stored) => stored.key !== null && keys.has(stored.key));
    if (!same) throw new ValidationError({ idempotency_key: [ORDER_MESSAGES.keyReused] }, ORDER_MESSAGES.keyReused);
    return earlier.order;
  }

  /** What the wallet asks of the store as a payment moves (payments/service.ts). */
  const walletHooks: WalletHooks = {
    async completeOrder(trx: Handle, payment: CapturedPayment): Promise<number> {
      const lines: LineItem[] = payment.lines.map(({ price_cents: _paid, ...line }) => line);
      const priced = await price(trx, lines, 'lines', { anyStatus: true });
      // Each line at the price and with the tax the shopper approved and paid, as the payment recorded them.
      const stored = priced.map((p, i) => ({ ...storedAt(p, payment.lines[i]!.price_cents), ...(payment.lines[i]!.tax ? { tax: payment.lines[i]!.tax } : {}) }));
      // The shopper approved and paid these unit prices: the one pricing function adds them up, as it did for the payment.
      const pricing = priceLines(
        stored.map((l) => ({ kind: l.kind, quantity: l.quantity, unitCents: l.unitCents, wireDiscountCents: 0 })),
        WALLET_PAYMENT_METHOD,
      );
      const totalCents = pricing.totalCents + stored.reduce((sum, l) => sum + (l.tax?.taxCents ?? 0), 0);
      try {
        await inventory.reserve(trx, stockUnits(priced), payment.userId);
      } catch (err) {
        if (err instanceof StockUnavailableError) throw new PaidLinesLostError(goneOf(err.units));
        throw err;
      }
      const details = payment.details as OrderDetails;
      // The gift of the subtotal the shopper approved: the prices paid are the list prices (no wire discount here).
      const paidSubtotal = stored.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
      const gift = await giftOf(trx, payment.userId, paidSubtotal, details.gift_choice ?? null);
      const at = now();
      const { id, order } = await orders.store(trx, {
        userId: payment.userId,
        contactEmail: payment.contactEmail,
        details,
        paymentMode: WALLET_PAYMENT_METHOD,
        // A capture the provider holds for review is not money yet: the order waits under review and nothing ships.
        paymentStatus: payment.underReview ? 'under_review' : 'paid',
        lines: [...stored, ...gift.lines],
        totalCents,
        holdExpiresAt: null,
        idempotencyKey: `wallet:${payment.reference}`,
        gift: gift.gift,
        at,
      });
      await mail.enqueue(trx, orders.placedMails(order, payment.contactEmail, payment.reviewReason));
      // Last, so the version row every order writes is locked only for the moment before commit.
      await inventory.changed(trx);
      return id;
    },

    async unavailable(paid: readonly PaidLine[], userId: number): Promise<GoneLines> {
      const lines: LineItem[] = paid.map(({ price_cents: _paid, ...line }) => line);
      const priced = await price(d.db, lines, 'lines', { anyStatus: true });
      return goneOf(await inventory.unavailable(stockUnits(priced), userId));
    },

    loadOrder: (orderId) => orders.load(orderId),

    async settleReview(orderId, outcome) {
      if (outcome === 'completed') await orders.settleReviewedPayment(orderId);
      else await orders.cancelForDeniedPayment(orderId);
    },
  };

  /** Set once the wallet is built (it takes walletHooks, so it comes after this service). */
  let wallet: WalletService | null = null;

  return {
    walletHooks,
    useWallet(w: WalletService) {
      wallet = w;
    },

    /**
     * GET /api/free-gift: whether this account (null for a guest) has received its one gift, and which gifts have no
     * unit left, so the cart and the checkout say so before payment (gifts.ts `giftNotice`).
     */
    async giftStanding(userId: number | null): Promise<GiftStandingResponse> {
      const [pieces, receivedWith] = await Promise.all([jewelry.giftPieces(), userId === null ? null : orders.giftOrderOf(userId)]);
      return {
        received_with: receivedWith,
        out_of_stock: GIFT_IDS.filter((gift) => (pieces.get(gift)?.onShelf ?? 0) < 1),
        pieces: GIFT_PIECES,
      };
    },

    /**
     * §7 POST /api/store-order, for every method placed unpaid. Only the lines, the method and what the shopper
     * typed are taken from the payload; every price comes from the catalog, and a total that differs from it is
     * refused, never stored. With an Idempotency-Key, a repeat of a request that placed an order answers that order
     * (`replayed`) instead of a 409.
     */
    async placeOrder(signedIn: SignedIn, input: OrderInput, idempotencyKey: string | null = null): Promise<PlacedOrder> {
      if (input.user_id !== undefined) requireOwner(signedIn, input.user_id, ACCOUNT_MESSAGES.notYourAccount);
      if (input.payment_mode === WALLET_PAYMENT_METHOD) {
        throw new ValidationError({ payment_mode: [ORDER_MESSAGES.walletElsewhere] }, ORDER_MESSAGES.walletElsewhere);
      }
      const field = input.itemsField;
      refuseImpossible(input.lines, field);

      if (idempotencyKey) {
        const earlier = await replay(signedIn, idempotencyKey, input.lines);
        if (earlier) return { order: earlier, replayed: true };
      }

      let stones: StockUnit[] = [];
      let order: Order;
      try {
        // A database that stays busy (DatabaseBusyError) is the error handler's 503.
        order = await transact(d, async (trx) => {
          const at = now();
          // Every method placed here is unpaid, so the order holds its stock on a deadline, and an account may
          // hold only so much at once: free accounts must not be able to empty the search (011-unpaid-holds.md).
          // Made-to-order pieces hold nothing anyone else could buy, so only stones and stocked units count.
          const priced = await price(trx, input.lines, field);
          // A ring counts as its stone, one unit, whether or not its setting comes from the shelf too.
          const adding = priced.reduce((sum, p) => sum + (p.stock.length > 0 ? p.line.quantity : 0), 0);
          const held = await orders.heldBy(trx, signedIn.user.id, at);
          if (adding > 0 && held.count + adding > MAX_HELD_STONES_PER_ACCOUNT) throw new TooManyHeldError(held.count, adding, held.orderNumbers, field);
          // Accounts are free: the cap per account bounds one, the ceiling bounds them all together.
          const untrusted = await requireRoomUnderCeiling(trx, signedIn, adding, at);

          stones = stockUnits(priced).filter((u) => u.kind === 'diamond');
          const { lines: stored, totalCents, subtotalCents } = await requireTotal(priced, input.payment_mode, input.address, input.total_price, 'total_price', trx);
          try {
            await inventory.reserve(trx, stockUnits(priced), signedIn.user.id);
          } catch (err) {
            if (err instanceof StockUnavailableError) throw new LinesUnavailableError(goneOf(err.units), field);
            throw err;
          }
          const gift = await giftOf(trx, signedIn.user.id, subtotalCents, input.gift_choice);
          const { order: placed } = await orders.store(trx, {
            userId: signedIn.user.id,
            contactEmail: signedIn.user.email,
            details: input,
            paymentMode: input.payment_mode,
            paymentStatus: 'pending',
            lines: [...stored, ...gift.lines],
            totalCents,
            gift: gift.gift,
            holdExpiresAt: new Date(at.getTime() + unpaidHoldMs(input.payment_mode)!).toISOString(),
            idempotencyKey,
            untrusted,
            at,
          });
          await mail.enqueue(trx, orders.placedMails(placed, signedIn.user.email));
          // Last, so the version row every order writes is locked only for the moment before commit.
          await inventory.changed(trx);
          return placed;
        });
      } catch (err) {
        // The same Idempotency-Key sent twice at once: the other request placed the order, and this one found its
        // lines taken (or the account's holds full, or on SQLite its key): that order is the answer, not a 409.
        if (idempotencyKey && (err instanceof LinesUnavailableError || err instanceof TooManyHeldError || err instanceof CeilingReachedError || isUniqueViolation(err))) {
          const earlier = await replay(signedIn, idempotencyKey, input.lines);
          if (earlier) return { order: earlier, replayed: true };
        }
        // The partial unique index on order lines' stones caught what the conditional update should have: still a
        // 409, naming the order's stones (loose or in a ring), as one of them is what another order holds.
        if (isUniqueViolation(err)) throw new LinesUnavailableError(goneOf(stones), field);
        throw err;
      }
      mail.flush();
      return { order, replayed: false };
    },

    /**
     * POST /api/checkout/quote: what the lines would cost as an order with `method` shipped to `address`, priced and
     * taxed exactly as placing it will (the one pricing function, the same tax provider). Before an address the tax
     * is pending, and a code the tax rules cannot place says what to fix; neither is an error while the shopper types.
     */
    async quoteOrder(input: { lines: LineItem[]; itemsField: 'lines' | 'items_id'; payment_mode?: PaymentMethod | null; address?: { country: DeliveryCountry; zip: string } | null; gift_choice?: GiftChoice | null }): Promise<Quote> {
      refuseImpossible(input.lines, input.itemsField);
      const priced = await price(d.db, input.lines, input.itemsField);
      const method = input.payment_mode ?? null;
      const cents = centsToPrice;
      if (!input.address) {
        const pricing = priceLines(priced.map((p) => ({ kind: p.line.kind, quantity: p.line.quantity, unitCents: p.listCents, wireDiscountCents: p.wireDiscountCents })), method);
        return { lines: pricing.lines.map((l) => ({ total: cents(l.totalCents), tax: '0.00' })), subtotal: cents(pricing.subtotalCents), discount: cents(pricing.discountCents), tax: null, tax_status: 'pending', tax_message: TAX_PENDING, tax_place: null, taxes: [], gift: giftFor(pricing.subtotalCents, input.gift_choice ?? null), total: cents(pricing.totalCents) };
      }
      const { pricing, tax, totalCents } = await quote(priced, (method ?? 'pay-credit') as PaymentMethod, input.address);
      const base = { subtotal: cents(pricing.subtotalCents), discount: cents(pricing.discountCents), gift: giftFor(pricing.subtotalCents, input.gift_choice ?? null) };
      if (!tax.ok) return { ...base, lines: pricing.lines.map((l) => ({ total: cents(l.totalCents), tax: '0.00' })), tax: null, tax_status: 'invalid', tax_message: tax.message, tax_place: null, taxes: [], total: cents(pricing.totalCents) };
      return {
        ...base,
        lines: pricing.lines.map((l, i) => ({ total: cents(l.totalCents), tax: cents(tax.lines[i]!.taxCents) })),
        tax: cents(tax.totalCents),
        tax_status: tax.collected ? 'collected' : 'not_collected',
        tax_message: tax.message,
        tax_place: tax.place,
        taxes: tax.components.map((c) => ({ jurisdiction: c.jurisdiction, rate: formatTaxRate(c.rateMillionths), amount: cents(c.taxCents) })),
        total: cents(totalCents),
      };
    },

    /**
     * §7 POST /api/paypal/create-order. Prices the lines from the catalog at list prices, checks the amount the
     * shopper saw and that every line is on sale, then asks the wallet for a payment the shopper approves. No
     * order, no reservation. `storeUrl` is where the provider sends the shopper back (lib/store-url.ts).
     */
    async startWalletPayment(signedIn: SignedIn, input: WalletOrderInput, storeUrl: string): Promise<WalletOrderResponse> {
      requireOwner(signedIn, input.user_id, ACCOUNT_MESSAGES.notYourAccount);
      refuseImpossible(input.lines, input.itemsField);
      const priced = await price(d.db, input.lines, input.itemsField);
      const { lines: stored, totalCents, taxCents } = await requireTotal(priced, WALLET_PAYMENT_METHOD, input.address, input.amount, 'amount');
      const details: OrderDetails = {
        user_name: input.user_name,
        contact_number: input.contact_number,
        address: input.address,
        is_gift: input.is_gift,
        notes: input.notes,
        gift_choice: input.gift_choice,
      };
      const first = stored[0]!;
      return wallet!.createPayment(signedIn, {
        amountCents: totalCents,
        taxCents,
        lines: input.lines.map((line, i) => ({ ...line, price_cents: stored[i]!.unitCents, tax: stored[i]!.tax })),
        details,
        description: `Everstone order: ${first.description}${stored.length > 1 ? ` and ${stored.length - 1} more` : ''}`,
        storeUrl,
      });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
