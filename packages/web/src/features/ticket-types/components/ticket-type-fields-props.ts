import type { TicketTypeForm } from '../utils/form-feedback';
import type { EventPeriod, FormRules } from '../utils/form-values';

/** What the ticket type's fields and each of their parts receive. */
export interface TicketTypeFieldsProps {
  form: TicketTypeForm;
  period: EventPeriod;
  rules: FormRules;
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
}
