import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './PasswordField';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

describe('TextField', () => {
  it('translates the validation key with the label as the field and links it to the input', () => {
    render(<TextField label="メールアドレス" name="email" error="validation.required" />);
    const input = screen.getByLabelText('メールアドレス');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('メールアドレスを入力してください');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('is valid without an error and passes register-style props through', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="氏名" name="name" ref={ref} />);
    const input = screen.getByLabelText('氏名');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(ref.current).toBe(input);
    expect(input.getAttribute('name')).toBe('name');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PasswordField', () => {
  it('toggles between hidden and shown', () => {
    render(<PasswordField label="パスワード" name="password" />);
    const input = screen.getByLabelText('パスワード') as HTMLInputElement;
    expect(input.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'パスワードを表示' });
    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'パスワードを非表示' })).toBe(toggle);
  });
});

describe('SelectField', () => {
  it('renders the placeholder and options', () => {
    render(
      <SelectField
        label="グループ"
        name="group"
        placeholder="選択してください"
        options={[{ value: 1, label: '営業部' }]}
        error="validation.required_select"
      />,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['選択してください', '営業部']);
    expect(screen.getByRole('alert').textContent).toBe('グループを選択してください');
  });
});
