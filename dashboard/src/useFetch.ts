import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.ts';
import type { Text } from './types.ts';

/** Loads `run()` when `key` changes and again whenever `refresh` does, keeping the last good answer. */
export function useFetch<T>(key: string, refresh: number, run: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Text | 'failed' | null>(null);
  const shown = useRef(key);
  const busy = useRef(false);
  useEffect(() => {
    if (shown.current !== key) {
      shown.current = key;
      setData(null);
      setError(null);
    } else if (busy.current) return;
    let live = true;
    busy.current = true;
    run()
      .then((d) => {
        if (live) {
          setData(d);
          setError(null);
        }
      })
      .catch((e) => {
        if (live) setError(e instanceof ApiError && e.text ? e.text : 'failed');
      })
      .finally(() => {
        busy.current = false;
      });
    return () => {
      live = false;
    };
  }, [key, refresh]);
  return { data, error };
}
