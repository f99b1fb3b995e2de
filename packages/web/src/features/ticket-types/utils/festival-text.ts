import type { TipoTicket } from '@drinkflow/domain/ticket-types';

/** A ticket type's festival limits as the list shows them: "4 al día", "Solo: VIP, Terraza". */
export function festivalTexts(tipo: Pick<TipoTicket, 'maxDrinksPerDay' | 'barrasPermitidas'>): string[] {
  const texts: string[] = [];
  if (tipo.maxDrinksPerDay != null) texts.push(`${tipo.maxDrinksPerDay} al día`);
  if (tipo.barrasPermitidas?.length) texts.push(`Solo: ${tipo.barrasPermitidas.join(', ')}`);
  return texts;
}
