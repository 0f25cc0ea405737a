import { createContext } from 'react-router';

/**
 * What the hosting server gives every loader: the CSP nonce, an in-process call into the API, the public address and
 * the days the store is closed besides weekends (its business calendar, which the pages count ships-by dates on).
 */
export interface AppContext {
  nonce: string;
  api: (path: string, init?: { method?: string; body?: string; headers?: Record<string, string> }) => Promise<Response>;
  publicUrl: string | null;
  closedDays?: readonly string[];
}

export const appContext = createContext<AppContext>();
