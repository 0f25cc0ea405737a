import { z } from 'zod';

// The storefront's pages run under a CSP without 'unsafe-eval'. Building an object schema, Zod probes
// `new Function` for its compiled parsers: in a browser that is a CSP violation reported on every page, and
// the interpreted parsers are plenty for an API answer. The server keeps the compiled ones. Imported first by
// index.ts, so it runs before any schema is built.
if (typeof document !== 'undefined') z.config({ jitless: true });
