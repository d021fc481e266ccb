import { expect, test as base, type BrowserContext } from '@playwright/test';

export { expect };
export type { Browser, BrowserContext, Download, Locator, Page } from '@playwright/test';

/** What the page's Content-Security-Policy refused during one test. */
export interface CspViolations {
  list: string[];
  /** Removes and returns the violations a test provoked on purpose. */
  take(): string[];
}

const BINDING = '__portalCspViolation';

async function watch(context: BrowserContext, list: string[]): Promise<void> {
  await context.exposeBinding(BINDING, (_source, text: string) => {
    list.push(text);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (t: string) => void>)[binding];
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${location.pathname} (${e.sourceFile}:${e.lineNumber})`);
    });
  }, BINDING);
}

/**
 * Every spec imports `test` from here: the portal runs with its CSP enforced (Playwright does not
 * bypass it), and any `securitypolicyviolation` in any page of any context the test opens fails
 * the test. Contexts made with `browser.newContext()` are watched too.
 */
export const test = base.extend<{ csp: CspViolations }>({
  csp: [
    async ({ context, browser }, use) => {
      const list: string[] = [];
      await watch(context, list);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const c = await newContext(...args);
        await watch(c, list);
        return c;
      };
      try {
        await use({ list, take: () => list.splice(0, list.length) });
      } finally {
        browser.newContext = newContext;
      }
      expect(list, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
