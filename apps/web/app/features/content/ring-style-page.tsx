import { Link } from 'react-router';
import { EDUCATION_TOPICS, ENGAGEMENT_GUIDE_MENU } from '../../content/education/menus';
import type { RingStyle } from '../../content/education/ring-styles';

/** A ring style with its related guides named, so the guides' full text stays on the server. */
export type RingStyleWithGuides = Omit<RingStyle, 'related'> & { related: ReadonlyArray<{ to: string; label: string }> };

/** The engagement ring education page (§2): the styles, each with its shop link and three related guides. */
export function RingStylePage({ styles }: { styles: readonly RingStyleWithGuides[] }) {
  return (
    <div className="edu">
      <section className="edu-hero" aria-labelledby="edu-title">
        <div className="edu-hero__text">
          <p className="edu-eyebrow">The Everstone guide</p>
          <h1 id="edu-title">ENGAGEMENT RING EDUCATION</h1>
          <p className="edu-hero__lead">
            Styles, settings, diamonds, metals, sizing and budget: everything you need to choose a ring with confidence.
          </p>
          <Link className="button" to="/engagement">
            Shop engagement rings
          </Link>
        </div>
        <img className="edu-hero__art" src="/art/education/hero-rings.svg" alt="" width={400} height={300} />
      </section>

      <nav className="edu-topics" aria-label="Education topics">
        <ul>
          {EDUCATION_TOPICS.map((item) => (
            <li key={item.to}>
              <Link to={item.to} aria-current={item.topic === 'engagement' ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="edu-layout">
        <nav className="edu-side" aria-label="Engagement ring guides">
          <p className="edu-side__title">Engagement Rings</p>
          <ul>
            {ENGAGEMENT_GUIDE_MENU.map((item) =>
              // Style is this page: a plain fragment link lets the browser scroll and move the focus start point.
              item.to.startsWith('#') ? (
                <li key={item.to}>
                  <a href={item.to} aria-current="page">
                    {item.label}
                  </a>
                </li>
              ) : (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="edu-content">
          <p className="edu-intro">
            Every engagement ring begins with a style. Explore the nine we love most, what makes each one special, and the
            guides that help you choose its setting, diamond and metal.
          </p>
          <nav className="edu-jump" aria-label="Ring styles on this page">
            <ul>
              {styles.map((style) => (
                <li key={style.id}>
                  <a href={`#${style.id}`}>{style.name}</a>
                </li>
              ))}
            </ul>
          </nav>

          {styles.map((style) => (
            <section key={style.id} id={style.id} className="edu-style" aria-labelledby={`${style.id}-title`}>
              <img
                className="edu-style__image"
                src={style.image.src}
                alt={style.image.alt}
                width={style.image.width}
                height={style.image.height}
                loading="lazy"
                decoding="async"
              />
              <div className="edu-style__body">
                <h2 id={`${style.id}-title`}>{style.name}</h2>
                {style.description.map((text) => (
                  <p key={text.slice(0, 32)}>{text}</p>
                ))}
                <Link className="button" to={style.shop.to}>
                  {style.shop.label}
                </Link>
                <h3 className="edu-related__title">Related posts</h3>
                <ul className="edu-related">
                  {style.related.map((post) => (
                    <li key={post.to}>
                      <Link to={post.to}>{post.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
