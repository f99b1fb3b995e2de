/** The id of the main content of a signed-in area, where `SkipLink` sends the focus. */
export const MAIN_CONTENT_ID = 'contenido';

/** Moves the focus to the main content (the element needs `tabIndex={-1}`) without a route change. */
export function focusMainContent() {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/**
 * 'Saltar al contenido': the first focusable element of a page, hidden until focused, so a keyboard
 * user skips the menu and header.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus only: a '#contenido' in the address would be a route change for the router.
        event.preventDefault();
        focusMainContent();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow-lg focus:ring-2 focus:ring-brand-500"
    >
      Saltar al contenido
    </a>
  );
}
