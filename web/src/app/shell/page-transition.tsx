import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec section 9: page changes fade over 200 ms (see .page-transition in the styles). */
export const PAGE_FADE_MS = 200;

export function PageTransition({ children }: { readonly children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="page-transition" style={{ animationDuration: `${PAGE_FADE_MS}ms` }}>
      {children}
    </div>
  );
}
