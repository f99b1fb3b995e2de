import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it can; the app's Content-Security-Policy
// forbids eval, and the probe alone is reported as a CSP violation. Parsing without it is plenty
// fast for forms. Imported before any schema is used.
config({ jitless: true });
