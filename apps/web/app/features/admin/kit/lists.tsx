import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ADMIN_PAGE_SIZES } from '@everstone/contract';
import { isSignedOut, pathOf, signInPath, type AdminFailure } from './admin-api';
import { oneOf, type PageSize } from './list-params';

/** How long typing waits before the list follows it. */
const SEARCH_DELAY_MS = 350;

/** A list with nothing to show: why, and the way back to the whole list when a search or a filter emptied it. */
export function EmptyList({ text, clear }: { text: string; clear?: { href: string; label: string } | null }) {
  return (
    <div className="adm-empty adm-empty--box">
      <p>{text}</p>
      {clear && (
        <p>
          <Link className="adm-link" to={clear.href}>
            {clear.label}
          </Link>
        </p>
      )}
    </div>
  );
}

/**
 * Which part of a list is shown (Open, Handled, All): links that change the address, so Back and a shared link
 * keep the choice. The one shown is marked as current for a screen reader.
 */
export function StateTabs<T extends string>({
  label,
  value,
  options,
  text,
  href,
  counts,
}: {
  label: string;
  value: T;
  options: readonly T[];
  text: Record<T, string>;
  href: (value: T) => string;
  counts?: Partial<Record<T, number>>;
}) {
  return (
    <nav className="adm-segments" aria-label={label}>
      <ul className="adm-segments__list">
        {options.map((option) => (
          <li key={option}>
            <Link
              to={href(option)}
              className="adm-segments__link"
              aria-current={option === value ? 'true' : undefined}
              preventScrollReset
            >
              {text[option]}
              {counts?.[option] !== undefined && <span className="adm-segments__count">{counts[option]}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
  const id = useId();
  return (
    <div className="adm-inline-field">
      <label htmlFor={id}>Rows per page</label>
      <select id={id} className="form-control adm-control adm-control--small" value={value} onChange={(e) => onChange(oneOf(ADMIN_PAGE_SIZES, Number(e.target.value)) ?? value)}>
        {ADMIN_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * One of a list's filters as a select: the values the contract allows, each with its text, and, when given, a first
 * "any" choice that filters nothing (''). What the select says is read back as one of those values, never cast.
 */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  text,
  any,
  onValue,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  text: Record<T, string>;
  any?: string;
  onValue: (value: T | '') => void;
}) {
  const id = useId();
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-control adm-control"
        value={value}
        onChange={(e) => {
          const next = e.target.value === '' && any !== undefined ? '' : oneOf(options, e.target.value);
          if (next !== undefined) onValue(next);
        }}
      >
        {any !== undefined && <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {text[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A search box that follows the typing after a short pause (`replace`, so Back skips each letter) and at once on
 * Enter. When the address changes by other means (Back, a link), the box shows what the list shows.
 */
export function SearchBox({
  name,
  label = 'Search',
  value,
  placeholder,
  maxLength = 100,
  clean = (text) => text.trim(),
  spellCheck,
  onSearch,
}: {
  /** The search form's name for a screen reader ('Customers'). */
  name: string;
  /** The box's own label ('Certificate number'). */
  label?: string;
  value: string;
  placeholder?: string;
  maxLength?: number;
  /** What of the typed text is searched for (trimmed, by default). */
  clean?: (text: string) => string;
  spellCheck?: boolean;
  onSearch: (q: string, options: { replace: boolean }) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  const sent = useRef(value);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function search(next: string, replace: boolean) {
    window.clearTimeout(timer.current);
    const q = clean(next);
    if (q === value) return;
    sent.current = q;
    onSearch(q, { replace });
  }

  return (
    <form
      role="search"
      className="adm-search"
      aria-label={name}
      onSubmit={(e) => {
        e.preventDefault();
        search(text, false);
      }}
    >
      <label htmlFor={`${id}-q`} className="form-label">
        {label}
      </label>
      <div className="adm-search__row">
        <input
          id={`${id}-q`}
          type="search"
          className="form-control adm-control"
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={spellCheck}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => search(next, true), SEARCH_DELAY_MS);
          }}
        />
        <button type="submit" className="adm-button adm-button--small">
          Search
        </button>
      </div>
    </form>
  );
}

/** What a change on a card or a page came to: the server's sentence, in the status region beside it. */
export type Outcome = { kind: 'success' | 'error'; text: string } | null;

export function OutcomeBanner({ outcome }: { outcome: Outcome }) {
  return outcome ? <p className={`form-banner form-banner--${outcome.kind}`}>{outcome.text}</p> : null;
}

/**
 * What a failed change means for the page: a session that has ended goes to sign in and back here (null: nothing to
 * say), anything else gives the server's reason or `fallback`.
 */
export function useFailureText() {
  const navigate = useNavigate();
  const location = useLocation();
  return async (result: AdminFailure, fallback: string): Promise<string | null> => {
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return null;
    }
    return result.message ?? fallback;
  };
}
