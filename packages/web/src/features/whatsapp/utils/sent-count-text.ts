/** "12 de 150 enviados". */
export const sentCountText = (sent: number, total: number) =>
  `${sent} de ${total} ${total === 1 ? 'enviado' : 'enviados'}`;
