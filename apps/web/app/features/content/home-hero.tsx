import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

/** The hero film (SPEC §2), rendered by the store's own 3D view: `npx node scripts/render-hero-video.ts`. */
export const HERO_FILM = {
  webm: '/media/hero-ring.webm',
  mp4: '/media/hero-ring.mp4',
  poster: '/media/hero-ring-poster.jpg',
} as const;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home page's opening (§2): a looping, muted film behind the headline, a solitaire turning in the light. The
 * poster is the first paint (a small JPEG, found early through the poster attribute); the film itself is not
 * fetched with the page (preload="none") and starts from an effect once the page is interactive, so shoppers who
 * ask for reduced motion never see it start, and keep the poster. It can be paused (WCAG 2.2.2) and pauses itself
 * while scrolled out of view.
 */
export function HomeHero() {
  const [paused, setPaused] = useState(false);
  const [offscreen, setOffscreen] = useState(false);
  // Unknown until the page runs in the browser: until then nothing plays.
  const [stillOnly, setStillOnly] = useState(true);
  const filmRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    setStillOnly(prefersReducedMotion());
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setStillOnly(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    const film = filmRef.current;
    if (!film || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOffscreen(!entry?.isIntersecting));
    observer.observe(film);
    return () => observer.disconnect();
  }, []);

  const playing = !paused && !offscreen && !stillOnly;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!playing) {
      video.pause();
      return;
    }
    // Muted again here: React sets `muted` as a property, and a browser only lets muted films start on their own.
    video.muted = true;
    // A browser may still refuse (a data saver, a low-power mode): the poster stays, which is fine.
    video.play().catch(() => {});
  }, [playing]);

  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div ref={filmRef} className="hero-film" data-state={playing ? 'playing' : 'paused'} aria-hidden="true">
        <video
          ref={videoRef}
          className="hero-video"
          poster={HERO_FILM.poster}
          muted
          loop
          playsInline
          preload="none"
          disablePictureInPicture
          tabIndex={-1}
          width={1280}
          height={720}
        >
          <source src={HERO_FILM.webm} type="video/webm" />
          <source src={HERO_FILM.mp4} type="video/mp4" />
        </video>
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
