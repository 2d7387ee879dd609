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
  // A caller's fixed size is a new object each render: its numbers are what the effect depends on.
  const fixedColumns = fixed?.columns;
  const fixedRows = fixed?.rows;
  useEffect(() => {
    if (fixedColumns !== undefined && fixedRows !== undefined) {
      setSize((old) => (old.columns === fixedColumns && old.rows === fixedRows ? old : { columns: fixedColumns, rows: fixedRows }));
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
  }, [stdout, fixedColumns, fixedRows]);
  return size;
}
