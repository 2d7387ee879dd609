/**
 * The terminal's size, following resizes. A fixed size (tests, benches) wins over the stream's.
 */
import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

export interface Size {
  columns: number;
  rows: number;
}

const read = (stdout: NodeJS.WriteStream): Size => ({
  columns: stdout.columns > 0 ? stdout.columns : 80,
  rows: stdout.rows > 0 ? stdout.rows : 24,
});

export function useTerminalSize(fixed?: Size): Size {
  const { stdout } = useStdout();
  const [size, setSize] = useState<Size>(() => fixed ?? read(stdout));
  useEffect(() => {
    if (fixed) {
      setSize((old) => (old.columns === fixed.columns && old.rows === fixed.rows ? old : fixed));
      return;
    }
    const onResize = () =>
      setSize((old) => {
        const next = read(stdout);
        return old.columns === next.columns && old.rows === next.rows ? old : next;
      });
    onResize();
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed?.columns, fixed?.rows]);
  return size;
}
