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

/**
 * The messages the store under test has written to its outbox (e2e/serve.ts points OUTBOX_DIR there), newest
 * last, with their text. `to` narrows to one recipient; waits up to `timeoutMs` for at least one to arrive.
 */
export async function readOutbox(to: string, { timeoutMs = 7_000 } = {}): Promise<Array<{ subject: string; text: string }>> {
  const { readFile } = await import('node:fs/promises');
  const { resolve } = await import('node:path');
  const dir = resolve(`test-results/e2e-db-${process.env.E2E_PORT ?? '3210'}/outbox`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let index = '';
    try {
      index = await readFile(`${dir}/index.jsonl`, 'utf8');
    } catch {
      // No message yet.
    }
    const entries = index
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { file: string; to: string; subject: string })
      .filter((e) => e.to.toLowerCase() === to.toLowerCase());
    if (entries.length > 0 || Date.now() > deadline) {
      return Promise.all(
        entries.map(async (e) => ({ subject: e.subject, text: await readFile(`${dir}/${e.file.replace(/\.eml$/, '.txt')}`, 'utf8') })),
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
