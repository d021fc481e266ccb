import { act, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '@portal/i18n';
import { describe, expect, it, vi } from 'vitest';
import { ErrorFallback, NotAvailable } from './feedback';

describe('NotAvailable', () => {
  it('states the feature is not available yet, in both languages', async () => {
    render(<NotAvailable title="ToDo" />);
    expect(screen.getByRole('heading', { name: 'ToDo' })).toBeTruthy();
    expect(screen.getByText('この機能はまだ利用できません。')).toBeTruthy();
    await act(() => setLanguage('en'));
    expect(screen.getByText('This page is not available yet.')).toBeTruthy();
    await act(() => setLanguage('ja'));
  });
});

describe('ErrorFallback', () => {
  it('shows an alert with a retry button', () => {
    const onRetry = vi.fn();
    render(<ErrorFallback error={new Error('chunk failed')} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('chunk failed');
    fireEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
