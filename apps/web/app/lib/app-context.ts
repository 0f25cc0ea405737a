import { createContext } from 'react-router';

/** What the hosting server gives every loader: the CSP nonce and an in-process call into the API. */
export interface AppContext {
  nonce: string;
  api: (path: string, init?: { method?: string; body?: string; headers?: Record<string, string> }) => Promise<Response>;
  publicUrl: string | null;
}

export const appContext = createContext<AppContext>();
