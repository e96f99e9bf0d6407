import { RotateCw } from 'lucide-react';
import { StatusPanel } from './StatusPanel';

interface LoadFailedPageProps {
  /** The screen's own page class, beside `container`. */
  className?: string | undefined;
  text: { title: string; text: string; retry: string };
  onRetry: () => void;
}

/** A screen whose data could not be read: the whole page says so and offers to try again. */
export function LoadFailedPage({ className, text, onRetry }: LoadFailedPageProps) {
  return (
    <div className={`container ${className ?? ''}`}>
      <StatusPanel tone="ko" level="h1" title={text.title} message={text.text}>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          <RotateCw aria-hidden="true" size={18} />
          {text.retry}
        </button>
      </StatusPanel>
    </div>
  );
}
