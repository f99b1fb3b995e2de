import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NO_PHONE_HINT } from './whatsapp-href';

interface WhatsappLinkProps {
  /** The wa.me link; null when the order has no phone WhatsApp can use. */
  href: string | null;
  children?: React.ReactNode;
  /** Accessible name when the visible text alone would be ambiguous in a list. */
  'aria-label'?: string;
  size?: 'sm' | 'default';
  variant?: 'outline' | 'default';
  onOpen?(): void;
}

/**
 * A link styled as a button that opens WhatsApp (a new tab, or the app on a phone) with the
 * message written; disabled, with the reason beside it, when there is no number to send to.
 */
export function WhatsappLink({
  href,
  children = 'Enviar por WhatsApp',
  size = 'sm',
  variant = 'outline',
  onOpen,
  ...rest
}: WhatsappLinkProps) {
  const hintId = useId();
  if (!href) {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
        <Button
          size={size}
          variant={variant}
          disabled
          aria-describedby={hintId}
          aria-label={rest['aria-label']}
        >
          <MessageCircle className="h-4 w-4" aria-hidden />
          {children}
        </Button>
        <span id={hintId} className="text-xs text-slate-600">
          {NO_PHONE_HINT}
        </span>
      </span>
    );
  }
  return (
    <Button asChild size={size} variant={variant}>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onOpen}
        aria-label={rest['aria-label']}
      >
        <MessageCircle className="h-4 w-4" aria-hidden />
        {children}
      </a>
    </Button>
  );
}
