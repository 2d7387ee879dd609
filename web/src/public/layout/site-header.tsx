import { useEffect, useRef, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { useSignedIn } from '../../app/services.tsx';
import { Logo } from './logo.tsx';
import { COMPANY_LINKS, LANDING_SECTION_LINKS, PRODUCT_LINKS } from './nav-links.ts';
import { NavMenu } from './nav-menu.tsx';
import { useScrolled } from './use-scrolled.ts';

/**
 * The public header (spec 1 section 2): Home, Products, Security, Company, Pricing, Log in (or the
 * way into the app when signed in) and Talk to sales. On the landing page the section links and
 * Watch Demo take Home's place. Below 1024 px the links fold into a menu button; past 20 px of
 * scroll the header takes its solid style.
 */
export function SiteHeader({ landing = false }: { landing?: boolean }) {
  const signedIn = useSignedIn();
  const scrolled = useScrolled();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header
      className={`site-header${scrolled ? ' site-header--scrolled' : ''}${open ? ' site-header--open' : ''}`}
      onKeyDown={(event) => {
        // Escape closes the mobile menu (an open Products or Company menu takes it first)
        if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
        close();
        menuButton.current?.focus();
      }}
    >
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="Credence home">
          <Logo />
          <span className="brand__name">Credence</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="site-header__menu-button"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true" className="site-header__burger" />
          {open ? 'Close menu' : 'Menu'}
        </button>
        <nav id="site-nav" aria-label="Main" className="site-nav">
          <ul className="site-nav__links">
            {landing ? (
              LANDING_SECTION_LINKS.map((link) => (
                <li key={link.to} className="site-nav__section">
                  <a className="site-nav__link" href={link.to} onClick={close}>
                    {link.label}
                  </a>
                </li>
              ))
            ) : (
              <li>
                <RouterNavLink className="site-nav__link" to="/" end onClick={close}>
                  Home
                </RouterNavLink>
              </li>
            )}
            <li>
              <NavMenu label="Products" links={PRODUCT_LINKS} onNavigate={close} />
            </li>
            <li>
              <RouterNavLink className="site-nav__link" to="/security" onClick={close}>
                Security
              </RouterNavLink>
            </li>
            <li>
              <NavMenu label="Company" links={COMPANY_LINKS} onNavigate={close} />
            </li>
            <li>
              <RouterNavLink className="site-nav__link" to="/pricing" onClick={close}>
                Pricing
              </RouterNavLink>
            </li>
          </ul>
          <div className="site-nav__actions">
            {landing ? (
              <a className="button button--ghost" href="#demo" onClick={close}>
                <span>Watch Demo</span>
              </a>
            ) : null}
            {signedIn ? (
              <Link className="button button--secondary" to="/home" onClick={close}>
                <span>Open Credence</span>
              </Link>
            ) : (
              <Link className="button button--secondary" to="/login" onClick={close}>
                <span>Log in</span>
              </Link>
            )}
            <Link className="button button--primary" to="/contact-sales" onClick={close}>
              <span>Talk to sales</span>
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
