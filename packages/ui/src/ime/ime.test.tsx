import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isImeComposing } from './ime';
import { SearchInput } from './SearchInput';

describe('isImeComposing', () => {
  it('detects composition by isComposing or keyCode 229', () => {
    expect(isImeComposing({ nativeEvent: { isComposing: true } })).toBe(true);
    expect(isImeComposing({ nativeEvent: { isComposing: false }, keyCode: 229 })).toBe(true);
    expect(isImeComposing({ nativeEvent: { isComposing: false }, keyCode: 13 })).toBe(false);
  });
});

describe('SearchInput', () => {
  it('ignores Enter while composing and searches on the Enter after', () => {
    const onSearch = vi.fn();
    render(<SearchInput onSearch={onSearch} />);
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: ' とうきょう ' } });

    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, isComposing: true });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(onSearch).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: ' 東京 ' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('東京');
  });

  it('searches from the button and after the debounce pause', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchInput onSearch={onSearch} debounceMs={1000} />);
    fireEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '会議' } });
    vi.advanceTimersByTime(999);
    expect(onSearch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onSearch).toHaveBeenLastCalledWith('会議');
    vi.useRealTimers();
  });

  it('does not debounce-search while an IME is composing', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchInput onSearch={onSearch} debounceMs={1000} />);
    const input = screen.getByRole('searchbox');
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'とうきょう' } });
    vi.advanceTimersByTime(5000);
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '東京' } });
    fireEvent.compositionEnd(input);
    vi.advanceTimersByTime(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('東京');
    vi.useRealTimers();
  });
});
