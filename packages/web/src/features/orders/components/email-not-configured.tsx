import { emailMessages } from '@drinkflow/domain/email';

/** Why nothing can be emailed from this server; the bulk dialog and an order's email card say it alike. */
export const EMAIL_NOT_CONFIGURED_TEXT = `${emailMessages.notConfigured}. Pide al administrador del servidor que configure SMTP_URL.`;

export function EmailNotConfigured({ id }: { id?: string }) {
  return (
    <p id={id} role="alert" className="text-sm text-amber-900">
      {EMAIL_NOT_CONFIGURED_TEXT}
    </p>
  );
}
