import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  /** Disables the button and marks it busy, so a double click cannot submit twice. */
  loading?: boolean;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  block = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    'pui-btn',
    `pui-btn--${variant}`,
    `pui-btn--${size}`,
    block && 'pui-btn--block',
    loading && 'pui-btn--loading',
    className,
  ];
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={classes.filter(Boolean).join(' ')}
      {...rest}
    >
      {loading && <span className="pui-spinner pui-spinner--inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
