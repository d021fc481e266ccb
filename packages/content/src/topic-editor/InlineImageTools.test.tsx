import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DROP_COMMAND, PASTE_COMMAND, type LexicalEditor } from 'lexical';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineImageUrl } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { setSession } from '@portal/api-client/session';
import { groupScope } from '../topics/scope';
import { fakeXhr } from '../topics/testing';
import { RichTextEditor } from './RichTextEditor';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

beforeEach(() => {
  setSession({ accessToken: 'tok' });
  vi.mocked(api.request).mockImplementation(async () => new Response(new Blob(['png'], { type: 'image/png' })));
});
afterEach(() => vi.unstubAllGlobals());

function mount() {
  const onChange = vi.fn();
  const onUploaded = vi.fn();
  const onPendingChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <span id="lbl">本文</span>
      <RichTextEditor
        labelId="lbl"
        initialHtml="<p>前</p>"
        onChange={onChange}
        images={{ scope: groupScope(2), maxMb: 5, onUploaded, onPendingChange }}
      />
    </QueryClientProvider>,
  );
  const editor = (screen.getByRole('textbox', { name: '本文' }) as HTMLElement & { __lexicalEditor: LexicalEditor }).__lexicalEditor;
  return { editor, onChange, onUploaded, onPendingChange };
}

/** Enough of a clipboard or drag event for our handler and, when it passes, Lexical's own. */
const transfer = (files: File[]) => ({ files, types: [], items: [], getData: () => '' });
const clipboard = (files: File[]) => ({ clipboardData: transfer(files), preventDefault: vi.fn() }) as unknown as ClipboardEvent;

describe('pasting and dropping images', () => {
  it('uploads a pasted image and puts it in the body with its internal URL', async () => {
    const { sent } = fakeXhr([{ status: 200, body: { items: { id: 31, url: inlineImageUrl(31), mime: 'image/png', size: 3 } } }]);
    const { editor, onChange, onUploaded, onPendingChange } = mount();
    const event = clipboard([new File(['png'], 'clip.png', { type: 'image/png' })]);
    let handled = false;
    act(() => {
      handled = editor.dispatchCommand(PASTE_COMMAND, event);
    });
    expect(handled).toBe(true);
    expect(event.preventDefault).toHaveBeenCalled();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(inlineImageUrl(31)));
    expect(sent[0]!.url).toBe('/service/api/v1/members/me/upload-file-by-tiny?group_id=2');
    await waitFor(() => expect(onChange.mock.calls.at(-1)?.[0]).toContain(`<img src="${inlineImageUrl(31)}" alt="clip.png">`));
    // The form is told an image is on its way (it holds the submit), then that none is.
    await waitFor(() => expect(onPendingChange.mock.calls.map(([n]) => n)).toEqual([0, 1, 0]));
  });

  it('leaves text pastes and non-image drops to the editor', () => {
    const { sent } = fakeXhr([]);
    const { editor, onUploaded } = mount();
    const paste = clipboard([]);
    const drop = {
      dataTransfer: transfer([new File(['a'], 'a.txt', { type: 'text/plain' })]),
      preventDefault: vi.fn(),
    } as unknown as DragEvent;
    act(() => {
      editor.dispatchCommand(PASTE_COMMAND, paste);
      editor.dispatchCommand(DROP_COMMAND, drop);
    });
    expect(sent).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
    // Not taken for an image and refused: simply not ours.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
