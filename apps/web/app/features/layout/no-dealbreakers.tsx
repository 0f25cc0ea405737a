import type { ReactNode } from 'react';
import { LineIcon } from '../../components/ui/icons';

const icon = (children: ReactNode) => (
  <LineIcon size={28} weight={1.4}>
    {children}
  </LineIcon>
);

const BADGES: ReadonlyArray<{ label: string; icon: ReactNode }> = [
  {
    label: 'EASY FINANCING OPTIONS',
    icon: icon(
      <>
        <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
        <path d="M2.5 9.5h19M6 15h4" />
      </>,
    ),
  },
  {
    label: 'LIFETIME WARRANTY',
    icon: icon(
      <>
        <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6Z" />
        <path d="m8.8 12.2 2.3 2.3 4.2-4.4" />
      </>,
    ),
  },
  {
    label: 'HASSLE FREE RETURNS',
    icon: icon(
      <>
        <path d="M4 12a8 8 0 1 0 2.4-5.7" />
        <path d="M4 4v4.5h4.5" />
        <path d="M12 8v4l2.5 2" />
      </>,
    ),
  },
  {
    label: 'FREE RESIZING',
    icon: icon(
      <>
        <circle cx="12" cy="14" r="6" />
        <path d="m10 5 2-2.5L14 5M12 2.5V8" />
        <path d="M3 14h1.5M19.5 14H21" />
      </>,
    ),
  },
  {
    label: 'CONFLICT FREE DIAMONDS',
    icon: icon(
      <>
        <path d="M6.5 4h11L21 9l-9 11L3 9Z" />
        <path d="M3 9h18M9.5 4 8 9l4 11 4-11-1.5-5" />
      </>,
    ),
  },
];

/** The shared promise band of SPEC §1: a heading and five badges. The site layout places it above the footer. */
export function NoDealbreakers() {
  return (
    <section className="no-dealbreakers" aria-labelledby="no-dealbreakers-title">
      <h2 id="no-dealbreakers-title" className="no-dealbreakers-title">
        NO DEALBREAKERS
      </h2>
      <ul className="no-dealbreakers-list">
        {BADGES.map((badge) => (
          <li key={badge.label} className="no-dealbreakers-item">
            <span className="no-dealbreakers-icon">{badge.icon}</span>
            {badge.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
