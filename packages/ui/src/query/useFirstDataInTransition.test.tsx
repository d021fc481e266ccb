// React warns about state updates outside act() unless told this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

import { act, useSyncExternalStore } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstDataInTransition } from './useFirstDataInTransition';

/** A minimal external store, updated the way react-query's cache updates a component. */
function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(v: T) {
      value = v;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

function setup(initial: string[] | undefined) {
  const s = store(initial);
  const seen: (string | undefined)[] = [];
  function Widget() {
    const data = useSyncExternalStore(s.subscribe, s.get);
    const shown = useFirstDataInTransition(data);
    seen.push(shown?.join(','));
    return <p>{shown ? shown.join(',') : 'loading'}</p>;
  }
  const view = render(<Widget />);
  return { s, seen, view };
}

describe('useFirstDataInTransition', () => {
  it('renders the first answer after a render that still shows loading, then in a transition', async () => {
    const { s, seen, view } = setup(undefined);
    expect(view.container.textContent).toBe('loading');
    seen.length = 0;
    await act(async () => s.set(['a', 'b']));
    expect(view.container.textContent).toBe('a,b');
    // The store's synchronous render showed loading; the list came in the render after it.
    expect(seen[0]).toBeUndefined();
    expect(seen.at(-1)).toBe('a,b');
  });

  it('renders data present at mount, and later answers, at once', async () => {
    const { s, seen, view } = setup(['a']);
    expect(view.container.textContent).toBe('a');
    expect(seen).toEqual(['a']);
    seen.length = 0;
    await act(async () => s.set(['a', 'c']));
    expect(seen).toEqual(['a,c']);
    // Back to no data (another key loading): loading, and the next answer at once.
    await act(async () => s.set(undefined));
    expect(view.container.textContent).toBe('loading');
    seen.length = 0;
    await act(async () => s.set(['d']));
    expect(seen).toEqual(['d']);
  });
});
