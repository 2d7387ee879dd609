import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../ui/document-title.ts';

/** The frame of the account pages: the brand, the page's heading and its form. */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="auth">
      <aside className="auth__aside" aria-hidden="true">
        <p className="brand brand--light">Credence</p>
        <p className="auth__tagline">The AI financial analyst you can trust.</p>
        <p className="auth__claims">UK company intelligence, screeners and creditor analytics for finance professionals.</p>
      </aside>
      <main id="main" className="auth__main">
        <div className="auth__card">
          <p className="brand auth__brand">Credence</p>
          <h1 className="auth__title">{title}</h1>
          {intro ? <div className="auth__intro">{intro}</div> : null}
          {children}
          {footer ? <div className="auth__footer">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
