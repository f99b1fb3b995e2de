import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { scrollToSection } from '../utils/scroll-to-section';

interface SectionLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** The id of the section on this page, without '#'. */
  section: string;
  onNavigate?: () => void;
}

/** An in-page link (#funciones…) that scrolls smoothly and keeps working without JavaScript. */
export function SectionLink({ section, onNavigate, onClick, ...props }: SectionLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    onNavigate?.();
    // Let a closing menu leave the layout before measuring where the section is.
    requestAnimationFrame(() => scrollToSection(section));
  };
  return <a href={`#${section}`} onClick={handleClick} {...props} />;
}
