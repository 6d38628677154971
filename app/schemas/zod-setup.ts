import { z } from "zod";

/**
 * Imported first by every schema module. zod 4 compiles object parsers with `new Function()` after
 * probing whether that is allowed; our Content-Security-Policy forbids eval, so in the browser the
 * probe itself is reported as a violation. Parsing without the compiled fast path avoids both; the
 * forms' objects are small.
 */
z.config({ jitless: true });
