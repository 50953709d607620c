const cache = new Map<string, string>();

/** Analytics never sees the user id itself: SHA-256 of it, hex (spec section 3, "userId as a hash"). */
export async function hashUserId(userId: string): Promise<string> {
  const hit = cache.get(userId);
  if (hit) return hit;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`stride:${userId}`));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  cache.set(userId, hex);
  return hex;
}
