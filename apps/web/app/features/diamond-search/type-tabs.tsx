import { useRef } from 'react';
import type { DiamondTypeId } from '@everstone/contract/core';
import { TABS } from './labels';

/**
 * LAB DIAMONDS, NATURAL DIAMONDS and COLOR DIAMONDS as tabs over the filters and results (arrow keys move
 * between them and choose).
 */
export function TypeTabs({ value, onChange, panelId }: { value: DiamondTypeId; onChange: (tab: DiamondTypeId) => void; panelId: string }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      e.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : e.key === 'Home' ? 0
      : e.key === 'End' ? last
      : null;
    if (next === null) return;
    e.preventDefault();
    refs.current[next]?.focus();
    onChange(TABS[next]!.id);
  };
  return (
    <div className="ds-tabs" role="tablist" aria-label="Diamond type">
      {TABS.map((tab, i) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`ds-tab-${tab.id}`}
            type="button"
            role="tab"
            className="ds-tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
