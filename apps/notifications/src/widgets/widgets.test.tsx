import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import NewsList from './NewsList';
import NavbarNotifications from './NavbarNotifications';

const WIDGETS: [string, ComponentType, string][] = [
  ['NewsList', NewsList, 'ニュース'],
  ['NavbarNotifications', NavbarNotifications, '通知'],
];

describe('notifications widgets', () => {
  it.each(WIDGETS)('%s renders its title and a compact not-available state, no data', (_name, Widget, title) => {
    render(<Widget />);
    expect(screen.getByRole('region', { name: title })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
    expect(screen.getByText('この機能はまだ利用できません。')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
