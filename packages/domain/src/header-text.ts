/** A column title or a name as compared: without case, accents or extra spaces ('  Teléfono ' = 'telefono'). */
export const normaliseHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
