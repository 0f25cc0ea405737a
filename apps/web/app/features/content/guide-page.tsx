import { Link } from 'react-router';
import type { Block, Figure, Guide } from '../../content/education';

/** A guide as the "Keep learning" cards show it. */
export interface GuideCard {
  to: string;
  title: string;
  description: string;
}


// The menus come from their own module so the page's browser bundle does not carry every guide's text.
import { EDUCATION_TOPICS } from '../../content/education/menus';
function FigureImage({ figure, eager = false }: { figure: Figure; eager?: boolean }) {
  return (
    // Small drawings (the shape outlines) sit beside the text instead of on a line of their own.
    <figure className={figure.width < 200 ? 'guide-figure guide-figure--aside' : 'guide-figure'}>
      <img
        src={figure.src}
        alt={figure.alt}
        width={figure.width}
        height={figure.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      {figure.caption && <figcaption>{figure.caption}</figcaption>}
    </figure>
  );
}

function GuideBlock({ block, id }: { block: Block; id: string }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'subheading':
      return <h3>{block.text}</h3>;
    case 'list': {
      const items = block.items.map((item, i) =>
        typeof item === 'string' ? (
          <li key={i}>{item}</li>
        ) : (
          <li key={i}>
            <strong>{item.term}:</strong> {item.text}
          </li>
        ),
      );
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table':
      // The wrapper scrolls a wide table on a phone; it is focusable so keyboard users can scroll it too.
      return (
        <div className="guide-table" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table>
            <caption id={`${id}-caption`}>{block.caption}</caption>
            <thead>
              <tr>
                {block.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map(([head, ...cells]) => (
                <tr key={head}>
                  <th scope="row">{head}</th>
                  {cells.map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'figure':
      return <FigureImage figure={block.figure} />;
    case 'tip':
      return (
        <div className="guide-tip">
          <p className="guide-tip__title">{block.title}</p>
          <p>{block.text}</p>
        </div>
      );
    case 'link':
      return (
        <p className="guide-link">
          {block.text && <>{block.text} </>}
          <Link to={block.link.to}>{block.link.label}</Link>
        </p>
      );
  }
}

/** A guide of the education pages, with the other guides to read next. */
export function GuidePage({ guide, others, path }: { guide: Guide; others: readonly GuideCard[]; path: string }) {
  return (
    <div className="edu">
      <nav className="edu-topics" aria-label="Education topics">
        <ul>
          {EDUCATION_TOPICS.map((item) => {
            // The guide a topic opens on is the page itself; the other guides of that topic sit inside it.
            const current = item.to === path ? 'page' : item.topic === guide.topic ? 'true' : undefined;
            return (
              <li key={item.to}>
                <Link to={item.to} aria-current={current}>
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <nav className="edu-breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/engagement-ring-style">Education</Link>
          </li>
          <li>
            <span aria-current="page">{guide.title}</span>
          </li>
        </ol>
      </nav>

      <header className="guide-header">
        <div className="guide-header__text">
          <h1>{guide.title}</h1>
          {guide.intro.map((text) => (
            <p key={text.slice(0, 32)} className="guide-intro">
              {text}
            </p>
          ))}
        </div>
        <FigureImage figure={guide.hero} eager />
      </header>

      <div className="guide-layout">
        <nav className="guide-toc" aria-labelledby="guide-toc-title">
          <h2 id="guide-toc-title">In this guide</h2>
          <ol>
            {guide.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="guide-body">
          {guide.sections.map((section) => (
            <section key={section.id} id={section.id} className="guide-section" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.heading}</h2>
              {section.blocks.map((block, i) => (
                <GuideBlock key={i} block={block} id={`${section.id}-${i}`} />
              ))}
            </section>
          ))}
        </article>
      </div>

      <section className="guide-more" aria-labelledby="guide-more-title">
        <h2 id="guide-more-title">Keep learning</h2>
        <ul>
          {others.map((other) => (
            <li key={other.to}>
              {/* The title is the link's name; its ::after stretches the click target over the whole card. */}
              <Link className="guide-more__link" to={other.to}>
                {other.title}
              </Link>
              <p>{other.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="guide-cta" aria-labelledby="guide-cta-title">
        <h2 id="guide-cta-title">{guide.cta.heading}</h2>
        <p>{guide.cta.text}</p>
        <Link className="button" to={guide.cta.link.to}>
          {guide.cta.link.label}
        </Link>
      </section>
    </div>
  );
}
