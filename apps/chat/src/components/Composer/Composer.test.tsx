import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import { ApiError, CHAT_MESSAGE_MAX } from '@portal/api-client/core';
import { ModalProvider } from '@portal/ui';
import { Composer } from './Composer';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));

function renderComposer() {
  const onSent = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModalProvider>
        <Composer chatId={7} replyTo={null} onCancelReply={() => undefined} onSent={onSent} />
      </ModalProvider>
    </QueryClientProvider>,
  );
  return {
    box: screen.getByRole('textbox', { name: 'メッセージ' }) as HTMLTextAreaElement,
    send: screen.getByRole('button', { name: '送信' }) as HTMLButtonElement,
    onSent,
  };
}

describe('chat composer', () => {
  it('keeps an over-long paste whole, counts what is over and refuses to send it', async () => {
    const { box, send } = renderComposer();
    expect(screen.getByText(`残り${CHAT_MESSAGE_MAX}文字`)).toBeTruthy();
    const long = 'あ'.repeat(CHAT_MESSAGE_MAX * 2);
    fireEvent.change(box, { target: { value: long } });
    expect(box.value).toHaveLength(CHAT_MESSAGE_MAX * 2);
    expect(box.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText(`${CHAT_MESSAGE_MAX}文字オーバー`)).toBeTruthy();
    expect(screen.queryByText(/残り-/)).toBeNull();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', `メッセージは${CHAT_MESSAGE_MAX}文字以内で入力してください`);
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(vi.mocked(api.call)).not.toHaveBeenCalled();
    expect(box.value).toHaveLength(CHAT_MESSAGE_MAX * 2);
  });

  it('names the script rule, and shows the server’s own field refusal instead of the generic error', async () => {
    const { box, send } = renderComposer();
    fireEvent.change(box, { target: { value: '<script>alert(1)</script>' } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'メッセージにスクリプトは入力できません');
    expect(send.disabled).toBe(true);

    vi.mocked(api.call).mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_ERROR', 'bad', {
        status_code: 'VALIDATION_ERROR',
        message: 'bad',
        errors: { content: ['validation.no_emoji'] },
      } as never),
    );
    fireEvent.change(box, { target: { value: 'こんにちは' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'メッセージに絵文字は使用できません');
    expect(box.value).toBe('こんにちは');
  });
});
