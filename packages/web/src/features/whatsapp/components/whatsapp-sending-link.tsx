import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';

/** 'Enviar tickets por WhatsApp': the event's sending list. */
export function WhatsappSendingLink({ eventoId }: { eventoId: number }) {
  return (
    <Button asChild variant="outline">
      <Link to={paths.organizer.eventWhatsapp(eventoId)}>
        <MessageCircle className="h-4 w-4" aria-hidden />
        Enviar tickets por WhatsApp
      </Link>
    </Button>
  );
}
