import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { downloadFile, errorMessage } from '@/lib/api';

/**
 * Downloads a file of the API (a PDF, a CSV export) with the session's token. A failure says why
 * (e.g. 'Este evento aún no tiene tickets') instead of doing nothing. `pending` disables the button
 * meanwhile.
 */
export function useDownload(errorTitle = 'No se pudo descargar el PDF') {
  const mutation = useMutation({
    mutationFn: ({ path, filename }: { path: string; filename: string }) => downloadFile(path, filename),
    onError: (error) =>
      toast({
        title: errorTitle,
        description: errorMessage(error, 'Inténtalo de nuevo.'),
        variant: 'destructive',
      }),
  });
  return {
    download: (path: string, filename: string) => mutation.mutate({ path, filename }),
    pending: mutation.isPending,
  };
}
