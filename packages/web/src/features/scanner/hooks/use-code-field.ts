import { useRef, useState, type RefObject } from 'react';
import { replaceFinishedCode } from '../utils/duplicate-guard';

/**
 * The scanner's code field: its text, its focus and its selection (docs/rules/screens.md). One read
 * is one code: once a code is submitted the next characters typed start a new code instead of
 * adding to it (a handheld scanner types the next guest's code and Enter without a pause), and after
 * every answer the field gets the focus back with its text selected.
 */
export function useCodeField(inputRef: RefObject<HTMLInputElement | null>) {
  const [value, setValue] = useState('');
  /** The field's text as it was submitted, until it is edited: the next read replaces it. */
  const finished = useRef<string | null>(null);

  return {
    value,
    /** The field as edited by hand or by a handheld scanner (a new read replaces a submitted code). */
    edit(typed: string) {
      const next = replaceFinishedCode(finished.current, typed);
      finished.current = null;
      setValue(next);
    },
    /** The field's text, set by the page (not typed): a code, or '' to empty it. */
    show(code: string) {
      finished.current = code || null;
      setValue(code);
    },
    /** `raw` was just submitted: whatever comes next in the field is a new read. */
    submitted(raw: string) {
      finished.current = raw;
    },
    /** Empties the field if it still holds `code` (a new code typed meanwhile stays). */
    clearIfStill(code: string) {
      setValue((current) => (current.trim() === code ? '' : current));
    },
    /**
     * The field gets the focus back (without scrolling the page: the result and the holder stay
     * where they are), its code selected as a sign that the next read replaces it. Not when a new
     * code is already being typed into it: selecting that would let its next character replace the
     * first.
     */
    focus() {
      const input = inputRef.current;
      if (!input) return;
      if (document.activeElement !== input) input.focus({ preventScroll: true });
      if (finished.current !== null && input.value === finished.current) input.select();
    },
  };
}
