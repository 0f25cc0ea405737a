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
 * `defaultOpen` names the item open on arrival; leave it out to start with every item closed.
 */
export function Faq({ items, defaultOpen }: { items: readonly FaqEntry[]; defaultOpen?: string }) {
  return (
    <>
      <Accordion.Root type="single" collapsible defaultValue={defaultOpen} className="pg-faq">
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id} className="pg-faq-item">
            <Accordion.Header className="pg-faq-heading">
              <Accordion.Trigger className="pg-faq-trigger">
                <span>{item.question}</span>
                <span className="pg-faq-icon" aria-hidden="true" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="pg-faq-answer">
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
