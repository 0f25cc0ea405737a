import {
  ENGRAVING_MESSAGES,
  dollarsToCents,
  fitProblem,
  headFitOf,
  ringDesignWithStone,
  ringLeadDays,
  ringPrice,
  type AccentOrigin,
  type BuilderRingResponse,
  type BuilderSettingsResponse,
  type Diamond,
  type MetalId,
  type SettingFit,
  type ShapeName,
  type StoneHold,
  ringPriceToWire,
} from '@everstone/contract';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { ClientScope } from '../../plugins/rate-limit.ts';
import type { DiamondService } from '../diamonds/index.ts';
import type { HoldService } from '../inventory/index.ts';
import type { JewelryService, SettingsForStoneQuery, StoneForSetting } from '../jewelry/index.ts';

/** How many stones a build whose stone is gone (or does not fit) is offered instead. */
export const ALTERNATIVES = 4;

export const STONE_PROBLEMS = {
  sold: 'This diamond has been sold.',
  reserved: 'This diamond is reserved by another order.',
  hidden: 'This diamond is not for sale at the moment.',
} as const;

/** The side stones that match a center stone: lab-grown with a lab-grown stone, natural with a natural or color one. */
export function originOf(diamond: Pick<Diamond, 'type'>): AccentOrigin {
  return diamond.type === 2 ? 'lab' : 'natural';
}

/** A stone as the jewelry service matches settings to it. */
function stoneOf(diamond: Diamond): StoneForSetting {
  return {
    shape: diamond.shape.name,
    carat: diamond.carat_weight,
    lengthMm: diamond.measurement_l,
    widthMm: diamond.measurement_w,
    depthPct: diamond.depth,
    origin: originOf(diamond),
    priceCents: dollarsToCents(diamond.price),
  };
}

export interface RingBuilderServiceDeps {
  diamonds: DiamondService;
  jewelry: JewelryService;
  holds: HoldService;
}

export interface RingQuery {
  diamond: number;
  setting: string;
  metal?: MetalId;
  accents?: AccentOrigin;
  engraved: boolean;
}

/**
 * The ring builder's server side: step 2's settings for a stone, step 1's fit of a setting, step 3's ring priced and
 * checked from the store's own records, and the stone's hold. It composes the catalog (stones), the products
 * (settings) and the inventory (holds); the order itself is the checkout's. docs/decisions/015-ring-builder.md.
 */
export function createRingBuilderService({ diamonds, jewelry, holds }: RingBuilderServiceDeps) {
  return {
    /** Step 2: the settings that can hold the stone, priced with it. 404 for an unknown stone. */
    async settings(diamondId: number, query: SettingsForStoneQuery): Promise<BuilderSettingsResponse> {
      const diamond = await diamonds.getDiamond(diamondId);
      return { diamond, ...(await jewelry.settingsForStone(stoneOf(diamond), query)) };
    },

    /** Step 1 after a setting: what its heads hold. 404 for an unknown setting. */
    fit: (slug: string): Promise<SettingFit> => jewelry.settingFit(slug),

    /**
     * Step 3: the ring as the store would make and price it now, with what stands in its way (the pairing does not
     * fit, the stone is gone or held by someone else) and, then, the nearest stones that fit the setting.
     */
    async ring(query: RingQuery, askerUserId: number | null): Promise<BuilderRingResponse> {
      const diamond = await diamonds.getDiamond(query.diamond);
      const choice = await jewelry.ringVariant(query.setting, diamond.shape.name, {
        metal: query.metal,
        origin: query.accents,
        stoneOrigin: originOf(diamond),
      });
      const { product, variant } = choice;
      if (query.engraved && !product.engravable) throw new BadRequestError(`engraved: ${ENGRAVING_MESSAGES.notAllowed}`, { engraved: [ENGRAVING_MESSAGES.notAllowed] });
      const stone = stoneOf(diamond);
      const design = variant.design.form === 'ring' ? variant.design : null;
      const fit_problem = design?.head ? fitProblem(headFitOf(design.head), stone) : `${product.name} has no head for a center stone.`;
      const stone_problem = diamond.status === 'available' ? null : STONE_PROBLEMS[diamond.status];
      const hold = await holds.holdOf(diamond.diamondid, askerUserId);
      const price = ringPrice({
        stoneCents: stone.priceCents,
        settingVariantCents: variant.priceCents,
        settingStonesCents: variant.breakdown.stones_cents,
        engraved: query.engraved,
      });

      let alternatives: Diamond[] = [];
      if (stone_problem !== null || fit_problem !== null || (hold !== null && !hold.mine)) {
        const windows = await jewelry.settingWindows(product.slug);
        if (windows && windows.length > 0) {
          alternatives = await diamonds.nearestFitting(windows, { id: diamond.diamondid, type: diamond.type, shape: diamond.shape.name, carat: diamond.carat_weight }, ALTERNATIVES);
        }
      }

      const measured = diamond.measurement_l !== null && diamond.measurement_w !== null;
      return {
        diamond,
        setting: {
          slug: product.slug,
          name: product.name,
          style: product.style,
          collection: product.collection,
          engravable: product.engravable,
          resizable: product.resizable,
          metals: choice.metals,
          origins: choice.origins,
          discontinued: choice.discontinued,
        },
        variant: {
          id: variant.id,
          sku: variant.sku,
          metal: variant.metal,
          shape: (variant.shape ?? diamond.shape.name) as ShapeName,
          origin: variant.origin,
          price_cents: variant.priceCents,
          breakdown: variant.breakdown,
          metal_grams: variant.metalGrams,
          lead_days: variant.leadDays,
          // Drawn with the stone at its certificate's size; a stone without measurements is not drawn by guesswork.
          design:
            design && measured
              ? ringDesignWithStone(design, { shape: diamond.shape.name as ShapeName, lengthMm: diamond.measurement_l!, widthMm: diamond.measurement_w!, depthPct: diamond.depth })
              : variant.design,
        },
        price: ringPriceToWire(price),
        lead_days: ringLeadDays(variant.leadDays),
        fit_problem,
        stone_problem,
        hold,
        alternatives,
      };
    },

    /** Holds the stone for the signed-in shopper (or renews their hold); `renewed` says which. */
    hold: (userId: number, diamondId: number, client: readonly ClientScope[]) => holds.hold(userId, diamondId, client),

    /** Lets the shopper's hold go; 404 when they hold none on it. */
    release: (userId: number, diamondId: number) => holds.release(userId, diamondId),

    /** The stone's running hold as the asker sees it; 404 when the stone is not on hold (or does not exist). */
    async holdOf(diamondId: number, askerUserId: number | null): Promise<StoneHold> {
      const hold = await holds.holdOf(diamondId, askerUserId);
      if (!hold) throw new NotFoundError('This diamond is not on hold.');
      return hold;
    },
  };
}

export type RingBuilderService = ReturnType<typeof createRingBuilderService>;
