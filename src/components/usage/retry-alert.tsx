import { RefreshIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';

/** A failed read: what went wrong, the server's reason, and a way to try again. */
export function RetryAlert({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <ErrorAlert>
      <p className="font-medium">{title}</p>
      <p className="mt-0.5 break-words">{message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        <RefreshIcon className="size-3.5" />
        Try again
      </Button>
    </ErrorAlert>
  );
}
