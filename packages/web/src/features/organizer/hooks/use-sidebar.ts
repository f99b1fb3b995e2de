import { useCallback, useEffect, useRef, useState } from 'react';
import { focusMainContent } from '@/components/skip-link';

// Spec: the menu is open by default from 1024 px, a drawer below that.
const WIDE_QUERY = '(min-width: 1024px)';
const isWide = () => window.matchMedia(WIDE_QUERY).matches;

/**
 * The organizer menu's state. Wide screens: a column beside the page, shown or hidden by the menu
 * button. Narrow screens: a drawer over the page (which is inert meanwhile) that takes the focus
 * when it opens and closes with Escape, its close button or a tap outside (focus back on the menu
 * button), and after navigating (focus on the new page's content).
 */
export function useSidebar() {
  const [wide, setWide] = useState(isWide);
  const [open, setOpen] = useState(isWide);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the closed drawer has made the page usable again.
  const focusAfterClose = useRef<(() => void) | null>(null);
  const drawer = open && !wide;

  // Crossing the breakpoint resets the menu to that width's default.
  useEffect(() => {
    const query = window.matchMedia(WIDE_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      setWide(event.matches);
      setOpen(event.matches);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const closeDrawer = useCallback((thenFocus: () => void) => {
    focusAfterClose.current = thenFocus;
    setOpen(false);
  }, []);
  const backToToggle = useCallback(() => closeDrawer(() => toggleRef.current?.focus()), [closeDrawer]);

  useEffect(() => {
    if (drawer) {
      closeRef.current?.focus();
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === 'Escape' && !event.defaultPrevented) backToToggle();
      };
      document.addEventListener('keydown', onKeyDown);
      return () => document.removeEventListener('keydown', onKeyDown);
    }
    focusAfterClose.current?.();
    focusAfterClose.current = null;
  }, [drawer, backToToggle]);

  return {
    open,
    /** The menu covers the page (narrow screen). */
    drawer,
    toggleRef,
    closeRef,
    toggle: () => setOpen((value) => !value),
    /** Closes the drawer and gives the focus back to the menu button. */
    close: backToToggle,
    afterNavigate: () => {
      if (drawer) closeDrawer(focusMainContent);
    },
  };
}
