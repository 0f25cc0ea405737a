/**
 * What every JSON call of the storefront shares. Free of Zod on purpose: the header's booking dialog and the
 * footer's newsletter box use it on every page's first load.
 */
export const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

/** The JSON body of an answer, or null when it has none (an empty body, an HTML error page). */
export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
