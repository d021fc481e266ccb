import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { attachment } from '../topics/testing';
import { AttachmentField, pickFiles } from './AttachmentField';

const MB = 1024 * 1024;
const f = (name: string, size = 1) => new File([new Uint8Array(size)], name);

function Harness({ attachedCount, onState }: { attachedCount: number; onState?: (s: { removed: number[]; files: File[] }) => void }) {
  const [state, setState] = useState<{ removed: number[]; files: File[] }>({ removed: [], files: [] });
  const attached = Array.from({ length: attachedCount }, (_, i) => attachment(i + 1));
  return (
    <AttachmentField
      attached={attached}
      removed={state.removed}
      files={state.files}
      maxMb={2}
      onChange={(next) => {
        setState(next);
        onState?.(next);
      }}
    />
  );
}

describe('pickFiles', () => {
  it('keeps files within the size and the room, and says how many did not fit', () => {
    const r = pickFiles([f('a', MB), f('big', 3 * MB), f('b'), f('c')], 2, 2);
    expect(r.accepted.map((x) => x.name)).toEqual(['a', 'b']);
    expect(r.tooLarge.map((x) => x.name)).toEqual(['big']);
    expect(r.overCount).toBe(1);
    expect(pickFiles([f('a')], 0, 2).accepted).toEqual([]);
  });
});

describe('AttachmentField', () => {
  it('fills the topic up to 30 files, then refuses more; a removed attachment makes room and cannot come back once it is taken', () => {
    let last: { removed: number[]; files: File[] } = { removed: [], files: [] };
    render(<Harness attachedCount={29} onState={(s) => (last = s)} />);
    const picker = screen.getByLabelText('ファイルを追加') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [f('新1'), f('新2')] } });
    expect(screen.getByText('添付できるファイルは1トピック30件までです。1件は追加しませんでした。')).toBeTruthy();
    expect(last.files.map((x) => x.name)).toEqual(['新1']);
    expect(picker.disabled).toBe(true);

    const list = screen.getByRole('list', { name: '添付するファイル' });
    fireEvent.click(within(list).getByRole('button', { name: '「資料3.pdf」を外す' }));
    expect(last.removed).toEqual([3]);
    expect(picker.disabled).toBe(false);
    fireEvent.change(picker, { target: { files: [f('新3')] } });
    expect(last.files.map((x) => x.name)).toEqual(['新1', '新3']);
    // The freed slot is taken: the removed attachment cannot be kept again.
    fireEvent.click(within(list).getByRole('button', { name: '「資料3.pdf」を元に戻す' }));
    expect(last.removed).toEqual([3]);
    expect(screen.getByText('添付できるファイルは1トピック30件までです。1件は追加しませんでした。')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: '「新3」を外す' }));
    fireEvent.click(within(list).getByRole('button', { name: '「資料3.pdf」を元に戻す' }));
    expect(last).toEqual({ removed: [], files: [expect.objectContaining({ name: '新1' })] });
  });
});
