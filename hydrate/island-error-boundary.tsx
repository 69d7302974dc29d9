/**
 * Around every island: a render error is reported (analytics/error-reporter.ts)
 * and the island shows a short notice instead of vanishing, while the
 * server's markup around it, and the other islands, keep working.
 */
import { Component, type ReactNode } from 'react';
import type { ErrorReporter } from './analytics/error-reporter.ts';

export const ISLAND_FAILED_TEXT = 'This part of the page could not be shown. Please reload the page.';

interface Props {
  island: string;
  reporter: ErrorReporter | undefined;
  children: ReactNode;
}

export class IslandErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.reporter?.report(error, { island: this.props.island });
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <p className="sb-island-failed" role="status">
          {ISLAND_FAILED_TEXT}
        </p>
      );
    }
    return this.props.children;
  }
}
