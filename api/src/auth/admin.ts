/**
 * Admin role: the token's public metadata says so (Clerk: `public_metadata.role === 'admin'`, or
 * `metadata.role` when the session token template names it that way), or the email is in ADMIN_EMAILS.
 */
export const isAdminEmail = (email: string, adminEmails: readonly string[]): boolean =>
  email !== '' && adminEmails.some((admin) => admin.toLowerCase() === email.toLowerCase());

const roleOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? (value as { role?: unknown }).role : undefined;

export const hasAdminRoleClaim = (claims: Readonly<Record<string, unknown>>): boolean =>
  roleOf(claims.public_metadata) === 'admin' ||
  roleOf(claims.publicMetadata) === 'admin' ||
  roleOf(claims.metadata) === 'admin';
