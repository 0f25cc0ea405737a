import type { Page } from '@playwright/test';

/**
 * What sticks out sideways on this screen. The body clips horizontal overflow, so the document's scroll width
 * alone cannot show a defect: every visible element must also sit inside the viewport, unless a container of
 * its own scrolls or clips it on purpose (a table that scrolls, a carousel track). Returns up to ten offenders.
 */
export async function sidewaysOverflow(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`document is ${document.documentElement.scrollWidth}px wide`);
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll(`${selector} *`)) {
      // The skip link waits off screen until focused; hidden things take no room.
      if (el.closest('.skip-link, .visually-hidden, [hidden], [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((box.left < -1 || box.right > width + 1) && !clipped(el)) {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        found.push(`${el.tagName.toLowerCase()}${cls} spans ${Math.round(box.left)}–${Math.round(box.right)}px`);
      }
    }
    return found.slice(0, 10);
  }, scope);
}
