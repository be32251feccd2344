/**
 * A gateway "not found" (a 404 or 400 answer, or an empty `obj`) is null; any other failure stays an error, so a
 * gateway outage is a 502 and never a wrong 404.
 */
export async function foundOrNull<T>(p: Promise<T | null | undefined>): Promise<T | null> {
  try {
    return (await p) ?? null;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 400) return null;
    throw err;
  }
}
