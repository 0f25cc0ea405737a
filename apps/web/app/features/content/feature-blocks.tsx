import { Link } from 'react-router';
import { BookingButton } from '../../components/ui/booking-button';
import { HOME_ART, HOME_PROMOTION } from '../../content/home';
import { SafeImage } from '../../components/ui/safe-image';

/** The free-gift promotion of the home page (§1, §9). */
export function HomePromotion() {
  const { necklace, studs, fineprint } = HOME_PROMOTION;
  return (
    <aside className="home-promo" aria-label="Free gift with purchase">
      <p>
        <span className="home-promo-gift">A {necklace.gift}</span> {necklace.condition}, or{' '}
        <span className="home-promo-gift">{studs.gift}</span> {studs.condition}.{' '}
        <span className="home-promo-fineprint">
          {fineprint}{' '}
          <Link to="/terms" className="home-promo-link">
            See terms
          </Link>
        </span>
      </p>
    </aside>
  );
}

export interface InventoryCounts {
  natural: number | null;
  lab: number | null;
  color: number | null;
}

const number = new Intl.NumberFormat('en-US');

/** 'Build Your Engagement Ring' and 'Preset Engagement Rings' (§2), side by side. */
export function RingPaths({ inventory }: { inventory: InventoryCounts }) {
  const { natural, lab, color } = inventory;
  return (
    <div className="home-section ring-paths">
      <section className="path-card" aria-labelledby="build-title">
        <SafeImage className="path-image" src={HOME_ART.buildRing} alt="" width={800} height={500} loading="lazy" />
        <div className="path-body">
          <p className="eyebrow">Three easy steps</p>
          <h2 id="build-title" className="section-title">
            Build Your Engagement Ring
          </h2>
          <p>Choose a certified diamond, pair it with a setting, and we craft your ring around it.</p>
          <p className="inventory-line">
            {lab !== null && natural !== null && color !== null
              ? `Start with one of ${number.format(lab)} lab-grown, ${number.format(natural)} natural and ${number.format(color)} color diamonds in stock today.`
              : 'Start with a certified lab-grown, natural or color diamond.'}
          </p>
          <Link className="button" to="/diamond">
            START WITH A DIAMOND
          </Link>
        </div>
      </section>
      <section className="path-card" aria-labelledby="preset-title">
        <SafeImage className="path-image" src={HOME_ART.presetRings} alt="" width={800} height={500} loading="lazy" />
        <div className="path-body">
          <p className="eyebrow">Ready to ship</p>
          <h2 id="preset-title" className="section-title">
            Preset Engagement Rings
          </h2>
          <p>Over 300 lab-grown diamond rings, already set and ready to give, in every shape and metal.</p>
          <Link className="button" to="/preset-rings">
            SHOP PRESET RINGS
          </Link>
        </div>
      </section>
    </div>
  );
}

/** 'The Bond' (§1, §2): the collection's film block, shown as its poster with the story beside it. */
export function TheBond() {
  return (
    <section className="home-section feature feature--bond" aria-labelledby="bond-title">
      <div className="feature-media feature-media--film">
        <SafeImage
          className="feature-image"
          src={HOME_ART.theBond}
          alt="Two interlocking wedding bands, one platinum set with diamonds, one yellow gold"
          width={800}
          height={500}
          loading="lazy"
        />
      </div>
      <div className="feature-body">
        <p className="eyebrow">The collection</p>
        <h2 id="bond-title" className="section-title">
          The Bond
        </h2>
        <p>
          Rings made as a pair: an engagement ring and its band, shaped to sit together for a lifetime. Each is cast in
          the same metal and finished by the same hands.
        </p>
        <Link className="button" to="/collections/the-bond">
          SHOP THE BOND
        </Link>
      </div>
    </section>
  );
}

/** 'Home Preview' (§1, §2): two 3D-printed replica rings and a complimentary consultation. */
export function HomePreview() {
  return (
    <section className="home-section feature" aria-labelledby="preview-title">
      <div className="feature-media">
        <SafeImage className="feature-image" src={HOME_ART.homePreview} alt="" width={800} height={500} loading="lazy" />
      </div>
      <div className="feature-body">
        <p className="eyebrow">Try before you buy</p>
        <h2 id="preview-title" className="section-title">
          Home Preview
        </h2>
        <p>
          Try on two 3D-printed replica rings at home, with a complimentary consultation with one of our gemologists.
          Shipping is free both ways.
        </p>
        <Link className="button" to="/home-preview">
          START YOUR HOME PREVIEW
        </Link>
      </div>
    </section>
  );
}

/** 'Virtual or In-Person' (§1, §2): showroom appointments, booked in the shared dialog. */
export function Appointments() {
  return (
    <section className="home-section feature feature--reverse" aria-labelledby="appointment-title">
      <div className="feature-media">
        <SafeImage className="feature-image" src={HOME_ART.appointment} alt="" width={800} height={500} loading="lazy" />
      </div>
      <div className="feature-body">
        <p className="eyebrow">Meet a gemologist</p>
        <h2 id="appointment-title" className="section-title">
          Virtual or In-Person
        </h2>
        <p>
          See diamonds and settings side by side over video, or visit our New York showroom. Appointments are free,
          seven days a week.
        </p>
        <BookingButton className="button">SCHEDULE YOUR APPOINTMENT</BookingButton>
      </div>
    </section>
  );
}

/** 'The Reserve' (§1, §2): the rarest stones, and Luxe rings from a 3-carat center stone (§9). */
export function TheReserve() {
  return (
    <section className="reserve" aria-labelledby="reserve-title">
      <div className="reserve-inner">
        <div className="reserve-media">
          <SafeImage className="feature-image" src={HOME_ART.theReserve} alt="" width={800} height={500} loading="lazy" />
        </div>
        <div className="reserve-body">
          <p className="eyebrow eyebrow--light">The collection</p>
          <h2 id="reserve-title" className="section-title">
            The Reserve
          </h2>
          <p>
            Our rarest diamonds, hand-selected by our gemologists, in settings made to order. Luxe rings begin with a
            center stone of three carats or more.
          </p>
          <div className="reserve-actions">
            <Link className="button button--light" to="/collections/the-reserve">
              DISCOVER THE RESERVE
            </Link>
            <Link className="button button--outline-light" to="/engagement-rings?collection=the-reserve">
              EXPLORE LUXE
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
