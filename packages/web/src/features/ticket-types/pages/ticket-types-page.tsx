export function TicketTypesPage() {
  return <h1 className="text-2xl font-bold">Tipos de Ticket</h1>;
}
