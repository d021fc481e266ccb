// zod 4 compiles object parsers with `new Function` after probing whether eval works; the
// portal's CSP forbids eval, and even the caught probe is a reported violation. The setting is a
// global every bundled copy of zod (shell and remotes) reads, so it is set before any of them runs.
import { manifestHeaders } from './remotes/manifestHeaders';

const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

// remotes.json is asked for before the start-up chunks load, not after they run (one round trip
// less before home's widgets can load); remotes/manifest.ts takes the promise. Same request as
// its own (no-store, the session's token so a canary user gets their build; the route answers
// JSON whatever the Accept); a failure leaves null and manifest.ts fetches again.
(globalThis as Record<string, unknown>).__portalRemotesJson = fetch('/remotes.json', {
  cache: 'no-store',
  headers: manifestHeaders(location.pathname, globalThis.sessionStorage),
}).catch(() => null);

// Module Federation needs an async boundary before any shared module (react, …) is used, so
// the shared scope can be negotiated first. Asked for in a task of its own: negotiating it
// (one share lookup per singleton the start-up chunks consume) is main-thread work that would
// otherwise lengthen this script's evaluation, already the runtime's largest task; the chunks
// themselves are preloaded from the HTML, so their download does not wait for it.
setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
