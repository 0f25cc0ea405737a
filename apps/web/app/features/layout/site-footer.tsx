import { Link } from 'react-router';
import { NewsletterForm } from './newsletter-form';
import { BookingButton } from '../../components/ui/booking-button';
import { STORE } from '../../content/store';
import { FOOTER_LINKS } from './navigation';

/** The footer shared by every page (§2): link lists, the newsletter box and social links. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-newsletter">
          <NewsletterForm />
        </div>
        <div className="footer-columns">
          {FOOTER_LINKS.map((column) => (
            <nav key={column.title} aria-label={column.title} className="footer-column">
              <h2 className="footer-heading">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
                {column.title === 'Customer Care' && (
                  <li>
                    <BookingButton className="footer-link-button">Book an Appointment</BookingButton>
                  </li>
                )}
              </ul>
            </nav>
          ))}
        </div>
        <div className="footer-contact">
          <p>
            <a href={STORE.phone.href}>{STORE.phone.display}</a> · <a href={`mailto:${STORE.email}`}>{STORE.email}</a>
          </p>
          <p>{STORE.hours}</p>
          <ul className="social-links" aria-label="Follow us">
            {STORE.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="footer-legal">
          © {new Date().getFullYear()} {STORE.legalName} · Certified, conflict-free diamonds ·{' '}
          <Link to="/terms">Terms</Link> · <Link to="/policy">Privacy</Link>
        </p>
      </div>
    </footer>
  );
}
