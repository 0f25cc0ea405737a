import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/*
 * The little a route test needs of a page in a DOM (happy-dom): draw it, find what a shopper would see, type and
 * press as they would, and wait for a condition, never for a fixed time.
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let mounted: { root: Root; host: HTMLElement } | null = null;

export async function render(node: ReactNode): Promise<HTMLElement> {
  unmount();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(node));
  mounted = { root, host };
  return host;
}

export function unmount() {
  if (!mounted) return;
  const { root, host } = mounted;
  act(() => root.unmount());
  host.remove();
  mounted = null;
}

/** Waits until `find` gives something (or stops throwing), letting React and the router run in between. */
export async function until<T>(find: () => T | null | undefined | false, what = 'the condition', timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const found = find();
      if (found) return found;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

/** The control a label names, as a screen reader would find it. */
export function byLabel<E extends HTMLElement = HTMLInputElement>(root: ParentNode, text: string): E {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === text);
  const id = label?.getAttribute('for');
  const control = id ? document.getElementById(id) : null;
  if (!control) throw new Error(`No control labelled "${text}"`);
  return control as E;
}

export function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

/** Types into a control the way React hears it (the native value setter, then an input event). */
export async function type(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  await act(async () => {
    const proto = Object.getPrototypeOf(control) as object;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

export async function press(target: HTMLButtonElement) {
  await act(async () => target.click());
}
