import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal, modalBus } from './modal-store';
import { ModalProvider } from './ModalProvider';

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <ModalProvider>
      <button type="button">outside</button>
    </ModalProvider>,
  );
});

afterEach(() => {
  act(() => closeModal());
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('message modals', () => {
  it('auto-closes after 3 s and fires onClose 300 ms after hiding', () => {
    const onClose = vi.fn();
    act(() => {
      modalBus.success({ message: '保存しました', onClose });
    });
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('保存しました');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(299));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('honours closeSeconds', () => {
    act(() => {
      modalBus.info({ message: 'x', closeSeconds: 5 });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('suppresses an error while another modal is open', () => {
    act(() => {
      modalBus.info({ message: 'お知らせ本文', closeSeconds: 0 });
    });
    let id: number | null = 0;
    act(() => {
      id = modalBus.error({ message: 'エラー本文' });
    });
    expect(id).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog').textContent).toContain('お知らせ本文');

    act(() => closeModal());
    act(() => {
      modalBus.error({ message: 'エラー本文' });
    });
    expect(screen.getByRole('dialog').textContent).toContain('エラー本文');
  });

  it('closes on Esc and on the close button, and runs onBack', () => {
    const onBack = vi.fn();
    act(() => {
      modalBus.error({ message: 'm', closeSeconds: 0, backLabel: 'ホームに戻る', onBack });
    });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      modalBus.error({ message: 'm', closeSeconds: 0, backLabel: 'ホームに戻る', onBack });
    });
    fireEvent.click(screen.getByRole('button', { name: 'ホームに戻る' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves focus into the dialog and keeps Tab inside it', () => {
    act(() => {
      modalBus.error({ message: 'm', closeSeconds: 0, onBack: () => {} });
    });
    const buttons = screen.getAllByRole('button').filter((b) => b.closest('[role="dialog"]'));
    expect(buttons).toHaveLength(2);
    expect(document.activeElement).toBe(buttons[0]);
    buttons[1]!.focus();
    fireEvent.keyDown(buttons[1]!, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(buttons[1]);
  });

  it('makes the page behind inert while open, and only while open', () => {
    const page = screen.getByRole('button', { name: 'outside' }).closest('body > *')!;
    const foreign = document.body.appendChild(document.createElement('div'));
    foreign.setAttribute('inert', ''); // inert for its own reason: left alone
    expect(page.hasAttribute('inert')).toBe(false);
    act(() => {
      modalBus.error({ message: 'm', closeSeconds: 0 });
    });
    const dialog = screen.getByRole('dialog');
    expect(page.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
    act(() => closeModal());
    act(() => vi.runOnlyPendingTimers());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(page.hasAttribute('inert')).toBe(false);
    expect(foreign.hasAttribute('inert')).toBe(true);
    foreign.remove();
  });

  it('a stale auto-close timer does not close a newer modal', () => {
    act(() => {
      modalBus.success({ message: 'first' });
    });
    act(() => vi.advanceTimersByTime(2000));
    act(() => {
      modalBus.success({ message: 'second' });
    });
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('dialog').textContent).toContain('second');
  });
});

describe('confirm', () => {
  it('resolves true on confirm and false on cancel', async () => {
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = modalBus.confirm({ message: '削除しますか？', destructive: true });
    });
    const dialog = screen.getByRole('alertdialog');
    expect(document.activeElement?.textContent).toBe('キャンセル');
    fireEvent.click(screen.getByRole('button', { name: '削除する' }));
    await expect(answer).resolves.toBe(true);
    expect(dialog.isConnected).toBe(false);

    act(() => {
      answer = modalBus.confirm({ message: '削除しますか？' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    await expect(answer).resolves.toBe(false);
  });

  it('suppresses errors while a confirm is open', () => {
    act(() => {
      void modalBus.confirm({ message: 'q' });
    });
    expect(modalBus.error({ message: 'e' })).toBeNull();
  });
});
