import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabEntry {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs that only switch content (SPEC §4). Every panel is rendered on the server, so each description is in
 * the page's HTML; the stylesheet hides the inactive ones.
 */
export function ContentTabs({ label, items, className = '' }: { label: string; items: readonly TabEntry[]; className?: string }) {
  return (
    <Tabs.Root defaultValue={items[0]?.id} className={`pg-tabs ${className}`.trim()}>
      <Tabs.List className="pg-tab-list" aria-label={label}>
        {items.map((item) => (
          <Tabs.Trigger key={item.id} value={item.id} className="pg-tab">
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {items.map((item) => (
        <Tabs.Content key={item.id} value={item.id} className="pg-tab-panel" forceMount>
          {item.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
