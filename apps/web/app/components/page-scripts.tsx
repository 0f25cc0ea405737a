import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Scripts, type ScriptsProps } from 'react-router';

type LinkProps = { rel?: string; fetchPriority?: 'high' | 'low' | 'auto' };

/**
 * React Router's `<Scripts>`, its module preloads fetched at low priority.
 *
 * The first paint needs the HTML and the stylesheets only: the scripts hydrate a page the server has already drawn.
 * At their default (high) priority the preloads compete with the stylesheets for the connections, and Lighthouse
 * counts every one that arrived before the first paint as blocking it (docs/performance.md). At low priority the
 * browser still fetches them at once, after what the paint needs; the page hydrates as before.
 *
 * `<Scripts>` gives no way to set the preloads' attributes, so its output is read here: a fragment whose `<link
 * rel="modulepreload">` children get `fetchPriority="low"`. Should a later React Router render them otherwise, the
 * output passes through unchanged (and e2e/diamond-search.spec.ts says so).
 */
export function PageScripts(props: ScriptsProps) {
  // Called, not rendered: its output is what is adjusted. Its hooks run as this component's, on every render alike.
  const scripts = Scripts(props);
  if (!isValidElement<{ children?: ReactNode }>(scripts)) return scripts;
  return cloneElement(
    scripts,
    undefined,
    Children.map(scripts.props.children, (child) =>
      isValidElement<LinkProps>(child) && child.type === 'link' && child.props.rel === 'modulepreload'
        ? cloneElement(child as ReactElement<LinkProps>, { fetchPriority: 'low' })
        : child,
    ),
  );
}
