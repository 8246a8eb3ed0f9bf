import { QueryError } from '../ui/list-state';

/** A section that could not be read: what it was, the server's reason, and a way to try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: { message: string }; onRetry: () => unknown }) {
  return <QueryError error={{ message: `${what} ${error.message}` }} onRetry={onRetry} />;
}
