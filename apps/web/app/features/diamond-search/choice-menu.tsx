import { useEffect, useId, useRef, useState } from 'react';
import { diamondsText, formatCount } from './counts';

interface Props<T extends string | number> {
  /** The visible caption before the button ('FILTER BY', 'SORT BY'). */
  caption: string;
  value: T;
  /** An option's `count` (the stones it would give) is written beside it in the menu, not on the button. */
  options: ReadonlyArray<{ value: T; label: string; count?: number | null }>;
  onChange: (value: T) => void;
  /** Which edge of the button the open menu lines up with. */
  align?: 'start' | 'end';
}

/**
 * A caption and a menu button of exclusive choices (the WAI-ARIA menu button pattern with radio items);
 * choosing one closes the menu (§4). Hand-written rather than a positioning library: this page's first load
 * must stay small, and a menu that opens under its button needs no collision engine.
 */
export function ChoiceMenu<T extends string | number>({ caption, value, options, onChange, align = 'end' }: Props<T>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLLIElement | null>>([]);
  const selected = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const choose = (index: number) => {
    const option = options[index];
    close(true);
    if (option && option.value !== value) onChange(option.value);
  };

  // The highlighted item holds the focus while the menu is open.
  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  // A press anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const last = options.length - 1;
  const onMenuKey = (e: React.KeyboardEvent) => {
    switch (e.key) {
      case 'ArrowDown':
        setActive((i) => (i === last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        setActive((i) => (i === 0 ? last : i - 1));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        choose(active);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default: {
        // Type-ahead: the next item starting with the typed letter.
        if (e.key.length !== 1) return;
        const letter = e.key.toLowerCase();
        const order = options.map((_, i) => (active + 1 + i) % options.length);
        const hit = order.find((i) => options[i]!.label.toLowerCase().startsWith(letter));
        if (hit === undefined) return;
        setActive(hit);
      }
    }
    e.preventDefault();
  };

  return (
    <div className="ds-choice" ref={root}>
      <span id={`${id}-caption`} className="ds-choice__caption">
        {caption}
      </span>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        className="ds-choice__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-labelledby={`${id}-caption ${id}-button`}
        data-state={open ? 'open' : 'closed'}
        onClick={() => (open ? close(false) : show(selected))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            show(selected);
          }
        }}
      >
        {options[selected]?.label}
        <svg className="ds-choice__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="m2.5 4.5 3.5 3.5 3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul
        id={`${id}-menu`}
        role="menu"
        aria-labelledby={`${id}-caption`}
        className={`ds-menu ds-menu--${align}`}
        hidden={!open}
        onKeyDown={onMenuKey}
        onBlur={(e) => {
          if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        {options.map((option, i) => (
          <li
            key={option.value}
            ref={(el) => {
              items.current[i] = el;
            }}
            role="menuitemradio"
            aria-checked={i === selected}
            aria-label={option.count == null ? undefined : `${option.label}, ${diamondsText(option.count)}`}
            tabIndex={-1}
            className="ds-menu__item"
            data-highlighted={open && i === active ? '' : undefined}
            onClick={() => choose(i)}
            onPointerMove={() => {
              if (i !== active) setActive(i);
            }}
          >
            {option.label}
            {option.count != null && <span className="ds-menu__count ds-tally"> {formatCount(option.count)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
