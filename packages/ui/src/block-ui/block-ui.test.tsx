import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { $blockUi, blockUi, withBlockUi } from './block-ui';
import { BlockUi } from './BlockUi';

describe('blockUi', () => {
  it('stays active until every nested hold is released', () => {
    const outer = blockUi();
    const inner = blockUi({ blockBody: true });
    expect($blockUi.get()).toEqual({ active: true, blockBody: true, count: 2 });
    inner();
    expect($blockUi.get()).toEqual({ active: true, blockBody: false, count: 1 });
    inner(); // releasing twice must not release someone else's hold
    expect($blockUi.get().active).toBe(true);
    outer();
    expect($blockUi.get()).toEqual({ active: false, blockBody: false, count: 0 });
  });

  it('releases after a failing task', async () => {
    await expect(withBlockUi(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect($blockUi.get().active).toBe(false);
  });

  it('<BlockUi /> sets the wait cursor and covers the page only when asked', () => {
    render(<BlockUi />);
    let release = () => {};
    act(() => {
      release = blockUi();
    });
    expect(document.body.style.cursor).toBe('wait');
    expect(screen.queryByTestId('pui-block-ui')).toBeNull();

    let cover = () => {};
    act(() => {
      cover = blockUi({ blockBody: true });
    });
    expect(screen.getByTestId('pui-block-ui')).toBeTruthy();

    act(() => {
      cover();
      release();
    });
    expect(document.body.style.cursor).toBe('');
    expect(screen.queryByTestId('pui-block-ui')).toBeNull();
  });
});
