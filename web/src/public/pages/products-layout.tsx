import { NavLink, Outlet } from 'react-router';
import { LANDING_COUNTERS } from '@credence/shared';
import { Counter } from '../parts/counter.tsx';
import { PRODUCTS } from './products-content.ts';

/** /products and its four children (spec 1 section 2): the page, then the animated statistics ribbon. */
export default function ProductsLayout() {
  return (
    <main id="main" className="products">
      <nav className="products__nav" aria-label="Products">
        <ul>
          {PRODUCTS.map((product) => (
            <li key={product.slug}>
              <NavLink to={`/products/${product.slug}`}>{product.name}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
      <section className="stats stats--ribbon" aria-label="Credence in numbers">
        {LANDING_COUNTERS.map((counter) => (
          <Counter key={counter.label} target={counter.target} label={counter.label} />
        ))}
      </section>
    </main>
  );
}
