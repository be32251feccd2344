/**
 * The user id a member's socket is keyed by and the forced-logout message carries: userId, else uid. Its own module so
 * the browser entry, which only needs this, does not carry the socket's constants (issue 35 part 4).
 */
export function memberKey(user: { uid?: string; userId?: string } | null | undefined): string {
  return user?.userId || user?.uid || '';
}
