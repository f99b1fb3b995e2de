import type { ActivityItem, ActivityType } from '@drinkflow/domain/admin';
import { CalendarPlus, Inbox, ShoppingCart, UserPlus, Wine, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { shownDateTime } from '../utils/format';

const icons: Record<ActivityType, LucideIcon> = {
  usuario: UserPlus,
  evento: CalendarPlus,
  pedido: ShoppingCart,
  consumo: Wine,
  demo: Inbox,
};

/** The latest accounts, events, orders, drinks and demo requests, newest first. */
export function RecentActivity({ items }: { items: ActivityItem[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <h3 id="actividad-reciente" className="text-lg font-semibold tracking-tight">
          Actividad Reciente
        </h3>
      </CardHeader>
      <CardContent>
        {!items ? (
          <div className="space-y-3" aria-busy>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">Todavía no hay actividad.</p>
        ) : (
          <ol aria-labelledby="actividad-reciente" className="divide-y divide-slate-100">
            {items.map((item, index) => {
              const Icon = icons[item.tipo];
              return (
                <li key={`${item.fecha}-${index}`} className="flex items-start gap-3 py-2.5">
                  <Icon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                  <div className="min-w-0 [overflow-wrap:anywhere]">
                    <p className="text-sm text-slate-900">{item.texto}</p>
                    <time dateTime={item.fecha} className="text-xs text-slate-600">
                      {shownDateTime(item.fecha)}
                    </time>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
