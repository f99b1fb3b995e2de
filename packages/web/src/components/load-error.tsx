import { Button } from '@/components/ui/button';

/** A query that failed: its message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}
