import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TodoPage from './TodoPage';

describe('./todo', () => {
  it('shows the ToDo title as not available yet', () => {
    render(<TodoPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ToDo');
    expect(document.title).toBe('グループポータル | ToDo');
  });
});
