/** What a request answers when one of its texts holds a character the database cannot store. */
export const UNSTORABLE_TEXT_MESSAGE = 'El texto contiene caracteres no permitidos';

// PostgreSQL text cannot hold NUL (U+0000), and UTF-8 has no encoding for a lone UTF-16 surrogate
// (half of a pair): drivers would fail on it or silently store U+FFFD instead.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` can be stored as PostgreSQL text as it is (DECISIONS §14). */
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
