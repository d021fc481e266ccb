import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changing it clears a caught error (the retry button bumps it). */
  resetKey: unknown;
  fallback: (error: Error) => ReactNode;
  /** Told of every error caught (the shell counts them against the remote's build). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: unknown;
}

/**
 * Error boundary around one remote area. A remote that fails to load or throws while rendering
 * takes down only its own box; the header, navigation and other widgets keep working.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[remote] area failed', error, info.componentStack);
    this.props.onError?.(error instanceof Error ? error : new Error(String(error)));
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
