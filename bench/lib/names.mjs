// Spanish first names and surnames for benchmark guests (accents, ñ and an apostrophe, as real lists have).
export const firstNames = [
  'Lucía',
  'Hugo',
  'Martina',
  'Pablo',
  'Sofía',
  'Daniel',
  'Julia',
  'Álvaro',
  'Paula',
  'Íñigo',
];

export const lastNames = [
  'García',
  'Martínez',
  'López',
  'Sánchez',
  'Gómez',
  'Fernández',
  'Díaz',
  'Ruiz',
  'Muñoz',
  "O'Neill",
];
