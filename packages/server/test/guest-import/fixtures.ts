import type { ImportResult } from '@drinkflow/domain/guest-import';

/**
 * The bytes Spanish Excel writes for "CSV (delimitado por comas)": Windows-1252, where the
 * characters below sit at 0x80–0x9F and every other character of a Spanish name at its Latin-1
 * code. Written out by hand so the test does not share the decoder's table.
 */
const cp1252High: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** `lines` as Spanish Excel saves them: Windows-1252, CRLF line ends. */
export function excelCsv(lines: string[]): Buffer {
  const text = lines.map((line) => `${line}\r\n`).join('');
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0)!;
      if (cp1252High[char] !== undefined) return cp1252High[char];
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      throw new Error(`«${char}» does not exist in Windows-1252`);
    }),
  );
}

/** An import's answer: the counts given, nothing already imported, left out by type or invalidated. */
export const imported = (counts: {
  pedidosCreados: number;
  ticketsCreados: number;
  filasOmitidas: number;
  duplicadosOmitidos: number;
}): ImportResult => ({
  yaImportados: 0,
  omitidosPorTipo: 0,
  codigosCortos: 0,
  anulados: [],
  ticketsAnulados: 0,
  ...counts,
});
