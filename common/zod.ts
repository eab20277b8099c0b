/**
 * zod as common/ and app/ import it (`import { z } from '…/common/zod'`; ESLint refuses a value
 * import of 'zod' there): the package, set up once before any schema is built.
 *
 * In a browser, zod runs jitless (issue 30). Otherwise the first object schema it builds probes
 * whether it may compile code (`new Function('')`), and under the site's CSP (no 'unsafe-eval')
 * the caught refusal is still reported as a `securitypolicyviolation`: the article, profile,
 * fans and membership pages each sent a CSP report. `jitless` skips the probe and the compiled
 * parsers (zod 4: `z.config({ jitless: true })`, read when a schema is built, so it must come
 * before the first one). Every module that builds a schema imports z from here, and a module
 * runs only after its imports have, so no schema of the client's can be built before this line;
 * route modules load before the client entry (react-router's <Scripts>), which is why it is not
 * done there. The server keeps the compiled parsers (it has no CSP, and parses every request).
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
