import { RouterContextProvider } from 'react-router';
import { appContext } from '../lib/app-context';

/*
 * A load context whose in-process API answers what a test says, in the API's own wire format (a status and a JSON
 * body, as §3 and §8 write them), and records what it was asked: the route tests' stand-in for the running API.
 */

export type ApiCall = { path: string; method: string; body: unknown };

/** `reply` answers each call; null is a call that gets no answer at all (the API unreachable). */
export function apiAnswering(reply: (call: ApiCall) => Response | null) {
  const calls: ApiCall[] = [];
  const context = new RouterContextProvider();
  context.set(appContext, {
    nonce: 'n',
    publicUrl: null,
    api: async (path, init) => {
      const call = { path, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const res = reply(call);
      if (!res) throw new TypeError('fetch failed');
      return res;
    },
  });
  return { context, calls };
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
