// The holders' names of the offline-data benchmark: accents, spaces and several words, as at a
// Spanish wedding or festival.
const FIRST = [
  'Lucía',
  'Íñigo',
  'María José',
  'Nuria',
  'Álvaro',
  'Begoña',
  'Jesús',
  'Zoë',
  'Óscar',
  'Ainhoa',
];
const LAST = ['Fernández', 'Núñez', 'Güell', 'Peña', 'Martínez', 'López de Haro', 'Ibáñez', 'Castaño'];

export const nameOf = (n) =>
  `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]} ${LAST[(n * 3 + 1) % LAST.length]}`;
