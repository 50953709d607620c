/** Spec section 2: signed-in top navigation. */
export const NAV_LINKS = [
  { to: '/daily', label: 'Home' },
  { to: '/goals', label: 'Goals' },
  { to: '/completed', label: 'Completed' },
  { to: '/collections', label: 'Collections' },
  { to: '/search', label: 'Search' },
] as const;

export function isCurrentNav(to: string, pathname: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
