// zod 4 compiles object parsers with `new Function` after probing whether eval works; the
// portal's CSP forbids eval, and even the caught probe is a reported violation. The setting is a
// global every bundled copy of zod (shell and remotes) reads, so it is set before any of them runs.
import { manifestHeaders } from './remotes/manifestHeaders';
import { startRemotes } from './routes/pageDataPaths';

const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

// remotes.json is asked for before the start-up chunks load, not after they run (one round trip
// less before home's widgets can load); remotes/manifest.ts takes the promise. Same request as
// its own (no-store, the session's token so a canary user gets their build; the route answers
// JSON whatever the Accept); a failure leaves null and manifest.ts fetches again.
const remotesJson = fetch('/remotes.json', {
  cache: 'no-store',
  headers: manifestHeaders(location.pathname, globalThis.sessionStorage),
}).catch(() => null);
(globalThis as Record<string, unknown>).__portalRemotesJson = remotesJson;

// The manifests of the remotes a main page renders at start (home's widgets, a feed's groups…)
// are asked for as soon as remotes.json names their builds, while the start-up chunks are still
// downloading: the Module Federation runtime asks for the same URL once bootstrap has run, and
// finds it in the HTTP cache (versioned, immutable) or joins this request, one round trip
// earlier on the page's critical chain. A failure here changes nothing: the runtime asks again.
const early = startRemotes(location.pathname);
if (early.length > 0) {
  void remotesJson
    .then((res) => (res?.ok ? (res.clone().json() as Promise<{ remotes?: Record<string, { entry?: unknown; enabled?: unknown }> }>) : null))
    .then((doc) => {
      for (const name of early) {
        const remote = doc?.remotes?.[name];
        if (remote?.enabled === true && typeof remote.entry === 'string') void fetch(remote.entry).catch(() => undefined);
      }
    })
    .catch(() => undefined);
}

// Module Federation needs an async boundary before any shared module (react, …) is used, so
// the shared scope can be negotiated first. Asked for in a task of its own: negotiating it
// (one share lookup per singleton the start-up chunks consume) is main-thread work that would
// otherwise lengthen this script's evaluation, already the runtime's largest task; the chunks
// themselves are preloaded from the HTML, so their download does not wait for it.
setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
