import { useCallback, useEffect, useState } from 'react';

// Wide screens show the menu with its labels; phones and tablets start with the icons only.
const WIDE_QUERY = '(min-width: 1024px)';
const isWide = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_QUERY).matches;

/**
 * The admin menu: expanded (icons and labels) or collapsed (icons only). On a wide screen the
 * expanded menu sits beside the page; on a narrow one it opens over the page and closes with
 * Escape, a tap outside it or after choosing a section, so the page never gets narrower.
 */
export function useAdminSidebar() {
  const [wide, setWide] = useState(isWide);
  const [expanded, setExpanded] = useState(isWide);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      setWide(event.matches);
      setExpanded(event.matches);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const overlay = expanded && !wide;
  const collapse = useCallback(() => setExpanded(false), []);

  useEffect(() => {
    if (!overlay) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) collapse();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, collapse]);

  return {
    expanded,
    /** The expanded menu covers part of the page (narrow screen). */
    overlay,
    toggle: () => setExpanded((value) => !value),
    collapse,
    afterSelect: () => {
      if (overlay) collapse();
    },
  };
}
