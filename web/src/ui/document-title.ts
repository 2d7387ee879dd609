import { useEffect } from 'react';

/** Sets the tab's title to "<page> · Credence" while the page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = page ? `${page} · Credence` : 'Credence';
  }, [page]);
}
