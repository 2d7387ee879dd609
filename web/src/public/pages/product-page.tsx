import { Link } from 'react-router';
import { ClosingCta } from '../parts/cta.tsx';
import { PRODUCTS, type ProductContent } from './products-content.ts';

export function ProductDetail({ product }: { product: ProductContent }) {
  return (
    <>
      <section className="page-hero">
        <p className="eyebrow">{product.name}</p>
        <h1>{product.headline}</h1>
        <p>{product.intro}</p>
      </section>
      <section className="card-grid" aria-label={`${product.name} features`}>
        {product.points.map((point) => (
          <article key={point.title} className="card">
            <h2>{point.title}</h2>
            <p>{point.text}</p>
          </article>
        ))}
      </section>
      <ClosingCta title={`See ${product.name} on your companies`} text="Book a thirty-minute walk-through with our team." />
    </>
  );
}

/** /products: the four products at a glance. */
export function ProductsOverview() {
  return (
    <>
      <section className="page-hero">
        <h1>One platform, four ways in</h1>
        <p>Search finds it, Discover screens for it, Monitor watches it and Deep Insights explains it.</p>
      </section>
      <section className="card-grid card-grid--two" aria-label="Products">
        {PRODUCTS.map((product) => (
          <article key={product.slug} className="card">
            <h2>{product.name}</h2>
            <p>{product.intro}</p>
            <Link to={`/products/${product.slug}`}>
              Learn more<span className="visually-hidden"> about {product.name}</span>
            </Link>
          </article>
        ))}
      </section>
    </>
  );
}

const bySlug = (slug: ProductContent['slug']) => PRODUCTS.find((p) => p.slug === slug)!;

export const SearchProduct = () => <ProductDetail product={bySlug('search')} />;
export const DiscoverProduct = () => <ProductDetail product={bySlug('discover')} />;
export const MonitorProduct = () => <ProductDetail product={bySlug('monitor')} />;
export const DeepInsightsProduct = () => <ProductDetail product={bySlug('deep-insights')} />;
