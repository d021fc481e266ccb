// @vitest-environment happy-dom
// React warns about state updates outside act() unless told this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

import { Suspense, act, useEffect } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { I18nContext, I18nextProvider, getI18n, initReactI18next, useTranslation as useFullTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createUseTranslation } from '../facades/lean-translation.mjs';

// Testing Library only auto-cleans when vitest globals are on; they are off here.
afterEach(() => cleanup());

const useTranslation = createUseTranslation({ I18nContext, getI18n, useFullTranslation });

const STRINGS: Record<string, Record<string, Record<string, string>>> = {
  ja: { main: { hello: 'こんにちは', n_one: '{{count}} 件', n_other: '{{count}} 件' }, extra: { only: '追加のみ', hello: '追加' } },
  en: { main: { hello: 'Hello', n_one: '{{count}} item', n_other: '{{count}} items' }, extra: { only: 'extra only', hello: 'extra' } },
};

/** An i18next instance whose namespaces other than `main` load when `release` is called. */
async function setup() {
  const waiting: (() => void)[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(lng: string, ns: string, cb: ReadCallback) {
      const answer = () => cb(null, STRINGS[lng]?.[ns] ?? {});
      if (ns === 'main') answer();
      else waiting.push(answer);
    },
  };
  const i18n = i18next.createInstance();
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: 'ja',
      fallbackLng: 'ja',
      ns: ['main'],
      defaultNS: 'main',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  const release = async () => {
    await act(async () => {
      for (const answer of waiting.splice(0)) answer();
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return { i18n, release };
}

describe('lean useTranslation (shared react-i18next facade)', () => {
  it('gives the same strings as react-i18next, with and without options, and the instance', async () => {
    const { i18n } = await setup();
    const seen: unknown[] = [];
    function Both() {
      const lean = useTranslation('main');
      const full = useFullTranslation('main');
      seen.push(lean.i18n === i18n, lean.ready, lean[0] === lean.t);
      return (
        <p>
          {lean.t('hello')}|{full.t('hello')}|{lean.t('n', { count: 1 })}|{full.t('n', { count: 1 })}|{lean.t('n', { count: 3 })}|
          {lean.t(['missing', 'hello'])}|{lean.t('absent')}
        </p>
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Both />
      </I18nextProvider>,
    );
    expect(screen.getByText(/こんにちは/).textContent).toBe('こんにちは|こんにちは|1 件|1 件|3 件|こんにちは|absent');
    expect(seen).toEqual([true, true, true]);
  });

  it('suspends until its namespaces load, then renders them (one load for every component)', async () => {
    const { i18n, release } = await setup();
    function Extra({ id }: { id: number }) {
      const { t } = useTranslation(['extra', 'main']);
      return <p>{`${id}:${t('only')}`}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Extra id={1} />
          <Extra id={2} />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await release();
    expect(screen.getByText('1:追加のみ')).toBeTruthy();
    expect(screen.getByText('2:追加のみ')).toBeTruthy();
  });

  it("nsMode 'fallback' finds a key in the later namespaces; the first namespace wins otherwise", async () => {
    const { i18n, release } = await setup();
    await act(async () => {
      void i18n.loadNamespaces('extra');
    });
    await release();
    function Fallback() {
      const { t } = useTranslation(['extra', 'main'], { nsMode: 'fallback' });
      const plain = useTranslation(['main', 'extra']);
      return <p>{`${t('only')}|${t('n', { count: 2 })}|${t('hello')}|${plain.t('hello')}`}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Fallback />
      </I18nextProvider>,
    );
    expect(screen.getByText(/追加のみ/).textContent).toBe('追加のみ|2 件|追加|こんにちは');
  });

  it('re-renders in the new language, with a new t, once the language changed', async () => {
    const { i18n, release } = await setup();
    const ts = new Set<unknown>();
    function Hello() {
      const { t, i18n: inst } = useTranslation('main');
      useEffect(() => {
        ts.add(t);
      }, [t]);
      return <p>{`${inst.language}:${t('hello')}`}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Hello />
      </I18nextProvider>,
    );
    expect(screen.getByText('ja:こんにちは')).toBeTruthy();
    await act(async () => {
      const changed = i18n.changeLanguage('en');
      await release();
      await changed;
    });
    expect(screen.getByText('en:Hello')).toBeTruthy();
    expect(ts.size).toBe(2);
  });

  it('forgets cached labels when resources change (a key missing before is found after)', async () => {
    const { i18n } = await setup();
    let t!: (key: string) => string;
    function Grab() {
      t = useTranslation('main').t;
      return null;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Grab />
      </I18nextProvider>,
    );
    expect(t('late')).toBe('late');
    i18n.addResource('ja', 'main', 'late', '後から');
    expect(t('late')).toBe('後から');
  });

  it('hands options it does not implement to react-i18next (useSuspense: false reports ready)', async () => {
    const { i18n, release } = await setup();
    const states: boolean[] = [];
    function NoSuspense() {
      const { t, ready } = useTranslation('extra', { useSuspense: false });
      states.push(ready);
      return <p>{ready ? t('only') : 'not yet'}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <NoSuspense />
      </I18nextProvider>,
    );
    expect(screen.getByText('not yet')).toBeTruthy();
    await release();
    expect(screen.getByText('追加のみ')).toBeTruthy();
    expect(states[0]).toBe(false);
  });
});
