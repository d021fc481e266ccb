/**
 * A minimal i18next backend over the bundler's dynamic imports (see resources.ts): no network
 * library, no URL scheme to keep in sync with the build — the chunk URLs are the bundler's own.
 */
import type { BackendModule, ReadCallback } from 'i18next';
import { LANGUAGES, NAMESPACES, loaders, type Language, type Namespace } from './resources';

const isKnown = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

export const chunkBackend: BackendModule = {
  type: 'backend',
  // read(language, namespace, callback); i18next retries a failed read (a flaky chunk fetch).
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isKnown<Language>(LANGUAGES, language) || !isKnown<Namespace>(NAMESPACES, namespace)) {
      // Not retryable: i18next records the namespace as failed instead of asking again.
      callback(new Error(`i18n: no strings for ${language}/${namespace}`), false);
      return;
    }
    loaders[language][namespace]().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};
