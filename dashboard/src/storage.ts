/** Small persistent settings (language, admin token, the player's session per world). */
export function load<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(`astinus.${key}`);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function save(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(`astinus.${key}`);
    else localStorage.setItem(`astinus.${key}`, JSON.stringify(value));
  } catch {
    /* private mode: settings simply do not persist */
  }
}
