import { z } from 'zod';

/** What a request answers when one of its texts holds a character the database cannot store. */
export const UNSTORABLE_TEXT_MESSAGE = 'El texto contiene caracteres no permitidos';

// PostgreSQL text cannot hold NUL (U+0000), and UTF-8 has no encoding for a lone UTF-16 surrogate
// (half of a pair): drivers would fail on it or silently store U+FFFD instead.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` can be stored as PostgreSQL text as it is (docs/rules/operations.md). */
export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

const pathOf = (visit: Visit | null): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let at = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The path to the first string in `value` (a parsed JSON body, query or path parameters) that
 * cannot be stored, an object key included; `[]` when `value` itself is such a string; null when
 * every text is storable. Walks without recursion and without copying paths, so neither deep
 * nesting nor a large body can exhaust the stack or take quadratic time.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (const [index, element] of current.entries()) {
        pending.push({ value: element, key: index, parent: visit });
      }
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, element] of Object.entries(current)) {
        if (!isStorableText(key)) return pathOf(visit);
        pending.push({ value: element, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * What a one-line field (a name, an email, a phone, a bar…) may not hold
 * (docs/decisions/052): C0 and C1 control characters (line breaks, tab, ESC, BEL…), the
 * bidirectional overrides and isolates that reorder how text is shown, and the Unicode line and
 * paragraph separators (a line break by another name).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const NOT_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;

/**
 * `value` made safe to show on one line (an email's subject or plain-text body): each character a
 * one-line field refuses becomes a space, and runs of whitespace one space. For text stored before
 * those fields refused them.
 */
export const asOneLine = (value: string): string =>
  value.replace(new RegExp(NOT_ONE_LINE.source, 'g'), ' ').replace(/\s+/g, ' ').trim();

/**
 * What a multi-line field (a note, a message) may not hold: the same control and bidirectional
 * characters, except the tab, the line feed and a carriage return that starts a CRLF pair.
 */
const NOT_MULTI_LINE =
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\r(?!\n)/;

/** The message of a one-line field that holds such a character (shown under the form's field too). */
export const SINGLE_LINE_TEXT_MESSAGE =
  'No puede contener saltos de línea, tabuladores ni caracteres de control';
/** The message of a multi-line field that holds a control character other than a line break or tab. */
export const MULTI_LINE_TEXT_MESSAGE =
  'Solo admite texto, saltos de línea y tabuladores: quita los caracteres de control';

/** Whether `value` can be shown safely on one line: no control or bidirectional-override character. */
export const isSingleLineText = (value: string): boolean => !NOT_ONE_LINE.test(value);

/** Whether `value` can be shown safely as a note: line breaks (LF, CRLF) and tabs, nothing else of control. */
export const isMultiLineText = (value: string): boolean => !NOT_MULTI_LINE.test(value);

/**
 * The string schema of every one-line free-text input, trimmed (as all text is) and then checked: what
 * is stored holds no control character, while whitespace around it (a pasted line break) is cut as
 * any other. Chain `.min().max()` after it; `error` is the message when the value is not a text.
 */
export const singleLineText = (error?: string) =>
  z.string({ error }).trim().refine(isSingleLineText, { message: SINGLE_LINE_TEXT_MESSAGE, abort: true });

/** The string schema of every multi-line free-text input (notes, messages); see {@link singleLineText}. */
export const multiLineText = (error?: string) =>
  z.string({ error }).trim().refine(isMultiLineText, { message: MULTI_LINE_TEXT_MESSAGE, abort: true });
