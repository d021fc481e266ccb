import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@portal/i18n/testing';
import type { RemoteName } from '@portal/api-client/core';
import { setRemoteRuntime } from '../../remotes/runtime';
import { preloadRemoteModule, RemoteModule } from './RemoteModule';

/** A runtime whose loads the test settles by hand, counting the loads per module. */
function manualRemotes() {
  const pending = new Map<string, { resolve: (m: unknown) => void; reject: (e: unknown) => void }>();
  const calls = new Map<string, number>();
  setRemoteRuntime({
    ready: Promise.resolve({ enabled: new Set(), source: 'network' }),
    load: <T,>(remote: RemoteName, module: string) =>
      new Promise<T>((resolve, reject) => {
        const id = `${remote}/${module}`;
        calls.set(id, (calls.get(id) ?? 0) + 1);
        pending.set(id, { resolve: resolve as (m: unknown) => void, reject });
      }),
    renderFailed: () => undefined,
  });
  return { pending, calls };
}

const show = (remote: RemoteName, module: string) =>
  render(
    <I18nextProvider i18n={createTestI18n('ja')}>
      <RemoteModule remote={remote} module={module} />
    </I18nextProvider>,
  );

describe('RemoteModule', () => {
  it('shows its loading state, then the module once loaded', async () => {
    const { pending } = manualRemotes();
    show('chat', 'Loading1');
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => pending.get('chat/Loading1')?.resolve({ default: () => <p>chat list</p> }));
    expect(screen.getByText('chat list')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders a module preloaded before the area, without asking for it again', async () => {
    const { pending, calls } = manualRemotes();
    const preloaded = preloadRemoteModule('calendar', 'Preloaded1');
    await act(async () => {
      pending.get('calendar/Preloaded1')?.resolve(() => <p>month</p>);
      await preloaded;
    });
    show('calendar', 'Preloaded1');
    expect(screen.getByText('month')).toBeTruthy();
    expect(calls.get('calendar/Preloaded1')).toBe(1);
  });

  it('shows the error fallback when the load fails, and loads again on retry', async () => {
    const { pending, calls } = manualRemotes();
    show('groups', 'Failing1');
    await act(async () => pending.get('groups/Failing1')?.reject(new Error('offline')));
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(calls.get('groups/Failing1')).toBe(2);
    await act(async () => pending.get('groups/Failing1')?.resolve({ default: () => <p>groups</p> }));
    expect(screen.getByText('groups')).toBeTruthy();
  });
});
