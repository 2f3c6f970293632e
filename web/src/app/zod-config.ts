import { z } from 'zod';

// zod compiles a fast parser for each object schema with `new Function`, and probes for that at
// its first object schema. The page's Content-Security-Policy allows no eval
// (adapters/http/security-headers.ts), so the probe was refused and reported as a CSP violation
// on every page load. Each answer is parsed once or twice here, so the compiled parsers would not
// pay for themselves anyway: the browser parses without them. Imported first by main.tsx, before
// any schema is made (zod reads the setting when a schema is made).
z.config({ jitless: true });
