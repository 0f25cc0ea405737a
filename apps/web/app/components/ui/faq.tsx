import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';

export interface FaqEntry {
  id: string;
  question: string;
  /** Plain text: shown, and given to search engines in the FAQPage data. */
  answer: string;
  /** Anything shown after the answer, such as a link to a guide. */
  more?: ReactNode;
}

/** FAQPage structured data, so search engines read every answer, including the folded ones. */
function structuredData(items: readonly FaqEntry[]): string {
  const json = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  });
  // Keep the JSON from closing its own script element.
  return json.replace(/</g, '\\u003c');
}

/**
 * Questions and answers, one open at a time (opening one closes the other; the open one can be closed).
 * `defaultOpen` names the item open on arrival; leave it out to start with every item closed. `className`
 * prefixes every part's class (`{className}-item`, `-heading`, `-trigger`, `-icon`, `-answer`) so a page can
 * style its own.
 */
export function Faq({ items, defaultOpen, className = 'pg-faq' }: { items: readonly FaqEntry[]; defaultOpen?: string; className?: string }) {
  return (
    <>
      <Accordion.Root type="single" collapsible defaultValue={defaultOpen} className={className}>
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id} className={`${className}-item`}>
            <Accordion.Header className={`${className}-heading`}>
              <Accordion.Trigger className={`${className}-trigger`}>
                <span>{item.question}</span>
                <span className={`${className}-icon`} aria-hidden="true" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className={`${className}-answer`}>
              <p>{item.answer}</p>
              {item.more}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData(items) }} />
    </>
  );
}
