// Request functions typed by the backend's own OpenAPI document (schema.generated.ts, `make api-types`): the path
// is one the document lists, its path parameters, query and body are the route's, and the answer is typed as the
// route's success response. A route the backend renames fails `tsc` here instead of at run time. Requests go through
// requestJson (credentials, CSRF, the backend's error naming the field).
import { requestJson, type JsonOptions } from "./http";
import type { components, paths } from "./schema.generated";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type PathsWith<M extends Method> = { [P in keyof paths]: paths[P][M] extends undefined ? never : P }[keyof paths];

type ParamsOf<O> = O extends { parameters: infer X } ? X : never;
type PathParams<O> = ParamsOf<O> extends { path: infer Q } ? Q : never;
type QueryOf<O> = ParamsOf<O> extends { query?: infer Q } ? Q : never;
type BodyOf<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never] ? never : NonNullable<R> extends { content: { "application/json": infer B } } ? B : never
  : never;
type Json<R> = R extends { content: { "application/json": infer J } } ? J : null;
type Answer<O> = O extends { responses: infer R }
  ? 200 extends keyof R ? Json<R[200]> : 201 extends keyof R ? Json<R[201]> : 204 extends keyof R ? null : unknown
  : never;

/** What a call sends: path parameters, query and body where the route takes them. */
export type CallArgs<O> = ([PathParams<O>] extends [never] | [undefined] ? { path?: never } : { path: PathParams<O> })
  & ([QueryOf<O>] extends [never] | [undefined] ? { query?: never } : { query?: QueryOf<O> })
  & ([BodyOf<O>] extends [never] ? { body?: never } : { body: BodyOf<O> })
  & { signal?: AbortSignal };

/** The URL of a route with its path parameters and query filled in (lists repeat their key: ?status=a&status=b;
 * a comma stays a comma, as in ?runs=1,2). */
export function routeUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const url = path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params?.[k])));
  const enc = (x: unknown) => encodeURIComponent(String(x)).replace(/%2C/gi, ",");
  const qs = Object.entries(query ?? {}).flatMap(([k, v]) => (Array.isArray(v) ? v : [v])
    .filter((x) => x !== undefined && x !== null && x !== "").map((x) => `${enc(k)}=${enc(x)}`)).join("&");
  return qs ? `${url}?${qs}` : url;
}

/** A download's URL (a link's href, not a fetch): the route must be one the document lists for GET. */
export function href<P extends PathsWith<"get">>(path: P, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  return routeUrl(path, params, query);
}

function call<M extends Method>(method: M) {
  return <P extends PathsWith<M>>(path: P, args: CallArgs<Op<P, M>> = {} as CallArgs<Op<P, M>>, opts?: JsonOptions):
    Promise<Answer<Op<P, M>>> => {
    const a = args as { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal };
    const init: RequestInit = { method: method.toUpperCase(), signal: a.signal };
    if (a.body !== undefined) init.body = JSON.stringify(a.body);
    return requestJson<Answer<Op<P, M>>>(routeUrl(path, a.path, a.query), init, opts);
  };
}

export const GET = call("get");
export const POST = call("post");
export const PUT = call("put");
export const PATCH = call("patch");
export const DELETE = call("delete");

/** A schema of the backend's document by name. */
export type Schema<N extends keyof components["schemas"]> = components["schemas"][N];
