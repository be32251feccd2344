/** A concrete URL for a registry pattern: params take a value their constraint accepts, tails a segment or none. */
export function sampleUrls(pattern: string): string[] {
  const fill = (p: string, withOptional: boolean) =>
    p
      .replace(/:([A-Za-z_]\w*)\(([^()]*(?:\([^()]*\))?[^()]*)\)(\?)?/g, (_m, _name, constraint: string, optional?: string) => {
        if (optional && !withOptional) return '';
        const alternatives = constraint.split('|');
        if (alternatives.length > 1 && /^[\w-]+$/.test(alternatives[0])) return alternatives[0];
        return /\\d/.test(constraint) || /\\w/.test(constraint) ? '100001' : 'x';
      })
      .replace(/:([A-Za-z_]\w*)(\?)?/g, (_m, _name, optional?: string) => (optional && !withOptional ? '' : '100001'));
  const out = new Set<string>();
  for (const withOptional of [true, false]) {
    const filled = fill(pattern, withOptional).replace(/\/{2,}/g, '/');
    if (filled.endsWith('/*')) {
      out.add(filled.slice(0, -1));
      out.add(`${filled.slice(0, -1)}a1/`);
    } else {
      out.add(filled);
      if (!filled.endsWith('/') && !filled.endsWith('.html')) out.add(`${filled}/`);
    }
  }
  return [...out];
}
