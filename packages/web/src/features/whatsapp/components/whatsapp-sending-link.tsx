import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { whatsappSendingPath } from '../utils/whatsapp-path';

/** 'Enviar tickets por WhatsApp': the event's sending list. */
export function WhatsappSendingLink({ eventoId }: { eventoId: number }) {
  return (
    <Button asChild variant="outline">
      <Link to={whatsappSendingPath(eventoId)}>
        <MessageCircle className="h-4 w-4" aria-hidden />
        Enviar tickets por WhatsApp
      </Link>
    </Button>
  );
}
