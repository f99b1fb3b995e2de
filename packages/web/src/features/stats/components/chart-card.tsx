import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ChartData } from '../utils/chart-data';

/**
 * A chart with its text alternative: the drawing is hidden from assistive technology and the same
 * figures are a table under 'Ver datos' (open for screen readers and anyone who prefers numbers).
 */
export function ChartCard({
  title,
  description,
  data,
  children,
}: {
  title: string;
  description: string;
  data: ChartData;
  children: ReactNode;
}) {
  const empty = data.rows.length === 0;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {empty ? (
          <p className="text-sm text-slate-600">Sin datos</p>
        ) : (
          <>
            <div className="h-60 w-full min-w-0" aria-hidden>
              {children}
            </div>
            <details>
              <summary className="cursor-pointer text-sm font-medium text-slate-700">Ver datos</summary>
              <Table aria-label={title}>
                <TableHeader>
                  <TableRow>
                    {data.columns.map((column) => (
                      <TableHead key={column}>{column}</TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={String(row[0])}>
                      {row.map((cell, index) => (
                        <TableCell key={index} className={index > 0 ? 'tabular-nums' : undefined}>
                          {cell}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
