import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HOME_ART } from '../../content/home';
import { SafeImage } from '../../components/ui/safe-image';

/**
 * The home page's opening (§2): a looping, muted "film" behind the headline. There is no video file, so the
 * film is drawn: a slow light sweep across a diamond, a drifting beam and a few sparkles on a dark poster.
 * It can be paused (WCAG 2.2.2), pauses itself while scrolled out of view, and does not run at all for
 * shoppers who ask for reduced motion (home.css).
 */
export function HomeHero() {
  const [paused, setPaused] = useState(false);
  const [offscreen, setOffscreen] = useState(false);
  const filmRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const film = filmRef.current;
    if (!film || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOffscreen(!entry?.isIntersecting));
    observer.observe(film);
    return () => observer.disconnect();
  }, []);

  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div
        ref={filmRef}
        className="hero-film"
        data-state={paused || offscreen ? 'paused' : 'playing'}
        aria-hidden="true"
      >
        <div className="hero-film-drift">
          <span className="hero-beam" />
          <div className="hero-gem">
            <SafeImage className="hero-gem-image" src={HOME_ART.heroDiamond} alt="" width={600} height={520} fetchPriority="high" />
            <span className="hero-gem-sweep">
              <span className="hero-gem-light" />
            </span>
            <span className="hero-spark hero-spark--1" />
            <span className="hero-spark hero-spark--2" />
            <span className="hero-spark hero-spark--3" />
            <span className="hero-spark hero-spark--4" />
          </div>
        </div>
      </div>

      <div className="hero-copy">
        <p className="hero-eyebrow">Certified diamonds · Fine jewelry</p>
        <h1 id="home-hero-title" className="hero-title">
          The Perfect Beginning
        </h1>
        <p className="hero-text">Engagement rings and fine jewelry, crafted around a diamond chosen just for you.</p>
        <div className="hero-actions">
          <Link className="button button--light" to="/engagement">
            SHOP ENGAGEMENT RINGS
          </Link>
          <Link className="button button--outline-light" to="/fine-jewelry">
            SHOP JEWELRY
          </Link>
        </div>
      </div>

      <button
        type="button"
        className="hero-toggle"
        onClick={() => setPaused((value) => !value)}
        aria-label={paused ? 'Play background animation' : 'Pause background animation'}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
      </button>
    </section>
  );
}

const PauseIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
    <path d="M5.5 3.5v11M12.5 3.5v11" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
const PlayIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
    <path d="M5.5 3.2v11.6L14.5 9Z" fill="currentColor" />
  </svg>
);
