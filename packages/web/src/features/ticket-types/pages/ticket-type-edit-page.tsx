export function TicketTypeEditPage() {
  return <h1 className="text-2xl font-bold">Editar Tipo de Ticket</h1>;
}
