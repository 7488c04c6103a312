import stringWidth from 'string-width';

/**
 * Display width in a terminal (string-width: East Asian wide characters and emoji take two columns,
 * combining marks and zero-width characters none), so the summary's tables line up in Chinese too.
 */
export function displayWidth(s: string): number {
  return stringWidth(s);
}

/** `s` padded with spaces to `width` display columns (never cut). */
export function padDisplay(s: string, width: number): string {
  return s + ' '.repeat(Math.max(0, width - displayWidth(s)));
}
