import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, type ButtonProps } from '@/components/ui/button';

/** 'Volver a Mis Eventos': the way out of an organizer page that has nothing to show. */
export function BackToEventsButton({ variant }: { variant?: ButtonProps['variant'] }) {
  return (
    <Button asChild variant={variant}>
      <Link to={paths.organizer.events}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Volver a Mis Eventos
      </Link>
    </Button>
  );
}
