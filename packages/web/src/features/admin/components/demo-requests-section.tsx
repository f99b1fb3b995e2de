import { ADMIN_PAGE_LIMIT } from '@drinkflow/domain/admin';
import { eventTypeLabels, eventTypes, type DemoRequest } from '@drinkflow/domain/demo-request';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { DataList } from '@/components/data-list/data-list';
import type { DataListColumn } from '@/components/data-list/data-list-types';
import { LoadError } from '@/components/load-error';
import { Pagination } from '@/components/pagination';
import { Card } from '@/components/ui/card';
import { useDemoRequests } from '../api/get-demo-requests';
import { formatCount } from '@/lib/format-count';
import { shownDateTime, shownDay } from '../utils/format';

const PAGE_SIZE = ADMIN_PAGE_LIMIT.default;
const noun = { one: 'solicitud', other: 'solicitudes' };
const none = <span className="text-slate-500">—</span>;

const eventTypeLabel = (value: string | null) =>
  value && (eventTypes as readonly string[]).includes(value)
    ? eventTypeLabels[value as (typeof eventTypes)[number]]
    : (value ?? none);

const columns: DataListColumn<DemoRequest>[] = [
  {
    header: 'Nombre',
    hideInCard: true,
    cell: (request) => <span className="font-medium">{request.name}</span>,
  },
  {
    header: 'Email',
    className: 'break-all',
    cell: (request) => (
      <a href={`mailto:${request.email}`} className="text-brand-700 underline-offset-2 hover:underline">
        {request.email}
      </a>
    ),
  },
  { header: 'Teléfono', className: 'whitespace-nowrap', cell: (request) => request.phone ?? none },
  { header: 'Tipo de evento', cell: (request) => eventTypeLabel(request.eventType) },
  {
    header: 'Invitados',
    cell: (request) => (request.guestCount === null ? none : formatCount(request.guestCount)),
  },
  {
    header: 'Fecha del evento',
    className: 'whitespace-nowrap',
    cell: (request) => (request.eventDate ? shownDay(request.eventDate) : none),
  },
  { header: 'Recibida', className: 'whitespace-nowrap', cell: (request) => shownDateTime(request.createdAt) },
  {
    header: 'Mensaje',
    className: 'min-w-48 whitespace-pre-line',
    cell: (request) => request.message ?? none,
  },
];

/** The demo requests sent from the landing page, newest first, for the admin to answer. */
export function DemoRequestsSection() {
  const [page, setPage] = useState(1);
  const requests = useDemoRequests(page, PAGE_SIZE);
  const total = requests.data?.total ?? 0;

  let content;
  if (requests.isError && !requests.data) {
    content = (
      <div className="p-4">
        <LoadError
          message="No se pudieron cargar las solicitudes de demo."
          onRetry={() => void requests.refetch()}
        />
      </div>
    );
  } else if (requests.isSuccess && total === 0) {
    content = (
      <div className="flex flex-col items-center gap-2 p-10 text-center text-sm text-slate-600">
        <Inbox className="h-10 w-10 text-slate-500" aria-hidden />
        Todavía no hay solicitudes de demo.
      </div>
    );
  } else {
    content = (
      <>
        <DataList
          label="Solicitudes de demo"
          items={requests.data?.demoRequests ?? []}
          loading={requests.isPending}
          columns={columns}
          rowKey={(request) => request.id}
          cardTitle={(request) => request.name}
          headingLevel={3}
          cardsClassName="p-4"
        />
        <Pagination page={page} pageSize={PAGE_SIZE} total={total} noun={noun} onPageChange={setPage} />
      </>
    );
  }

  return <Card aria-busy={requests.isFetching || undefined}>{content}</Card>;
}
