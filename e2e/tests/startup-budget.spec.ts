import { expect, test } from './fixtures';
import {
  feedGroupId,
  HOME_STARTUP_JS_GOAL_KB,
  loginThroughForm,
  PAGE_NAMES,
  pagePaths,
  STARTUP_JS_BUDGET_KB,
  startupJs,
  type StartupJs,
} from '../bench/pages';
import { E2E_BASE_URL } from '../support/env';

/**
 * The start-up JavaScript (gzip) of login and the five main pages, each a fresh load with no HTTP
 * cache, against its ceiling (STARTUP_JS_BUDGET_KB): a change that makes a page load more fails
 * here, with the page's scripts listed. `npm run bench -- lighthouse` reports the same figures
 * next to Lighthouse's.
 */
const listScripts = (js: StartupJs) => js.scripts.map((s) => `${s.kb} KB ${s.url}`).join('\n');

test('every main page loads no more start-up JavaScript than its budget', async ({ context }) => {
  test.setTimeout(180_000);
  const paths = pagePaths(await feedGroupId(E2E_BASE_URL));
  const measured: Record<string, number> = {};
  const over: string[] = [];
  const check = (name: (typeof PAGE_NAMES)[number], js: StartupJs) => {
    measured[name] = js.total_kb;
    if (js.total_kb > STARTUP_JS_BUDGET_KB[name])
      over.push(`${name}: ${js.total_kb} KB > ${STARTUP_JS_BUDGET_KB[name]} KB\n${listScripts(js)}`);
  };
  check('login', await startupJs(context, E2E_BASE_URL, paths.login));
  const tab = await context.newPage();
  await loginThroughForm(tab, E2E_BASE_URL);
  for (const name of PAGE_NAMES) if (name !== 'login') check(name, await startupJs(context, E2E_BASE_URL, paths[name]));
  test.info().annotations.push({ type: 'start-up JS (KB gzip)', description: JSON.stringify(measured) });
  expect(over, 'pages over their start-up JavaScript budget').toEqual([]);
  // The scan saw real pages: the shell's start-up alone is far over this.
  expect(Math.min(...Object.values(measured))).toBeGreaterThan(50);
});

test('home reaches its start-up JavaScript goal', async ({ context }) => {
  // Known to fail: home loads about 202 KB gzip at start (react-dom alone is 65 KB); the goal
  // stays recorded here so the test turns red, to be made a plain test, the day it is met.
  test.fail(true, `home's start-up JavaScript is over its ${HOME_STARTUP_JS_GOAL_KB} KB goal`);
  const tab = await context.newPage();
  await loginThroughForm(tab, E2E_BASE_URL);
  const home = await startupJs(context, E2E_BASE_URL, '/');
  expect(home.total_kb, listScripts(home)).toBeLessThanOrEqual(HOME_STARTUP_JS_GOAL_KB);
});
