import { FileSpreadsheet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDownload } from '@/hooks/use-download';

const exportsOf = (eventoId: number) =>
  [
    { file: 'pedidos.csv', label: 'Pedidos y tickets' },
    { file: 'consumos.csv', label: 'Consumos' },
    { file: 'escaneos.csv', label: 'Escaneos' },
    { file: 'recargas.csv', label: 'Recargas' },
  ].map(({ file, label }) => ({
    label,
    path: `/eventos/${eventoId}/export/${file}`,
    filename: `evento-${eventoId}-${file}`,
  }));

/** The event's data as CSV files that Spanish Excel opens as they are (docs/rules/statistics.md). */
export function ExportData({ eventoId }: { eventoId: number }) {
  const { download, pending } = useDownload('No se pudo exportar');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Exportar datos</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {exportsOf(eventoId).map(({ label, path, filename }) => (
          <Button key={path} variant="outline" disabled={pending} onClick={() => download(path, filename)}>
            <FileSpreadsheet className="h-4 w-4" aria-hidden />
            {label} (CSV)
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
