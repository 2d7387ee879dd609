import { Get, Post } from '@nestjs/common';
import { splitRoute, type ApiRoute, type ApiRoutes, type RouteRequest, type RouteResponse } from '@credence/shared';

/** True when A and B are the same type (same fields, same optionality, same field types). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type IsAny<T> = 0 extends 1 & T ? true : false;
/** A DTO class's instance type as a plain object type, to compare with the contract's. */
type Fields<T> = { [K in keyof T]: T[K] };
/** T's field names at every depth, with neither optionality nor value types. */
type Shape<T> = T extends readonly (infer E)[] ? Shape<E>[] : T extends object ? { [K in keyof T]-?: Shape<NonNullable<T[K]>> } : 'value';

/**
 * Whether a handler's request DTO follows route R: exactly its fields, or for a form route
 * (FormRouteContract) the same names at every depth and a type that accepts what the client sends.
 */
type RequestMatches<R extends ApiRoute, Dto> = ApiRoutes[R] extends { accepts: string }
  ? Same<Shape<Fields<Dto>>, Shape<RouteRequest<R>>> extends true
    ? RouteRequest<R> extends Fields<Dto>
      ? true
      : false
    : false
  : Same<Fields<Dto>, Fields<RouteRequest<R>>>;

/**
 * What a handler of route R must be: its first parameter the request DTO with exactly the
 * contract's fields (the params DTO when the path has `:name` segments), its answer the contract's response. A mismatch leaves a property the
 * descriptor lacks, so the compiler names it in its error.
 */
type AnswerCheck<R extends ApiRoute, Answer> =
  IsAny<Awaited<Answer>> extends true
    ? { 'the handler answers any: type its answer as the route contract response': never }
    : Awaited<Answer> extends RouteResponse<R>
      ? unknown
      : { 'the handler answer is not the route contract response (shared/src/contracts/routes.ts)': RouteResponse<R> };

/** A route whose request is `void` takes nothing from the caller: its handler's parameters are free (the session). */
type RouteCheck<R extends ApiRoute, H> = [RouteRequest<R>] extends [void]
  ? H extends (...args: never[]) => infer Answer
    ? AnswerCheck<R, Answer>
    : never
  : H extends (request: infer Request, ...rest: never[]) => infer Answer
    ? RequestMatches<R, Request> extends true
      ? AnswerCheck<R, Answer>
      : { 'the request DTO fields are not the route contract request (shared/src/contracts/routes.ts)': RouteRequest<R> }
    : { 'a route handler takes its request DTO as its first parameter': never };

/**
 * `@Get(path)` or `@Post(path)` for a route of the shared route table, checked at build time
 * against its contract (see shared/src/contracts/routes.ts).
 */
export function Route<R extends ApiRoute>(route: R) {
  const [method, path] = splitRoute(route);
  const mapping = method === 'POST' ? Post(path) : Get(path);
  return <H extends (...args: never[]) => unknown>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H> & RouteCheck<R, H>,
  ): void => {
    mapping(target, key, descriptor);
  };
}
