import { useEffect } from 'react';

/** Names the saved PDF after the event ("Guardar como PDF" takes the page's title). */
export function useReportTitle(nombre: string | undefined) {
  useEffect(() => {
    if (!nombre) return;
    const previous = document.title;
    document.title = `Informe — ${nombre} | DrinkFlow`;
    return () => {
      document.title = previous;
    };
  }, [nombre]);
}
