import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, ServerRoute, Lifecycle } from '@hapi/hapi';
import type { Effect } from 'effect';
import { Exit, Cause, type ManagedRuntime } from 'effect';
import type { z } from 'zod';
import { toBoom } from './errors.ts';
import { validationMessage, ZOD_DEFAULT_MESSAGE } from './validation-message.ts';
import type { AppServices } from '../wiring.ts';
import type { Permission } from '../../core/accounts/staff/permissions.ts';

/**
 * Zod at the edge. A zod schema handed straight to hapi's validate is taken for a Joi object and
 * replaces the payload with true/false, so we always pass a function. The first issue is answered
 * in words for people (validation-message.ts): zod's defaults are marked by this parse's error
 * map and rewritten; a schema's own message is kept. The input is reported so a missing field
 * reads "is required"; it is never echoed.
 */
export const zodValidator =
  <S extends z.ZodType>(schema: S, where: string) =>
  async (value: unknown) => {
    const result = await schema.safeParseAsync(value ?? {}, {
      error: () => ZOD_DEFAULT_MESSAGE,
      reportInput: true,
    });
    if (result.success) return result.data;
    throw Boom.badRequest(validationMessage(result.error.issues[0]!, where));
  };

export interface RouteSpec<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  summary: string;
  tags: string[];
  params?: P;
  query?: Q;
  payload?: B;
  response?: R;
  /** Cache-Control for a successful answer; default no-store (live inventory, baskets). */
  cache?: string;
  /**
   * What a staff session's role must allow (core/accounts/staff/permissions.ts). Required on every
   * /api/admin/ route: without one, defineRoute throws as the server is built, so an admin route
   * cannot be added unguarded. Checked by adapters/http/accounts/session.ts before validation.
   */
  permission?: Permission;
  /**
   * A GET that changes state (the spec makes some so: reserving seats, starting a card payment
   * on a terminal): it needs the CSRF header like a POST (adapters/http/csrf.ts).
   */
  changesState?: boolean;
  handler: (input: {
    params: z.output<P>;
    query: z.output<Q>;
    payload: z.output<B>;
    request: Request;
    h: ResponseToolkit;
  }) => Promise<unknown> | unknown;
}

/** Every documented route, for /api/openapi.json. */
export const documented: RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>[] = [];

export const defineRoute = <
  P extends z.ZodType = z.ZodObject,
  Q extends z.ZodType = z.ZodObject,
  B extends z.ZodType = z.ZodObject,
  R extends z.ZodType = z.ZodType,
>(
  spec: RouteSpec<P, Q, B, R>,
): ServerRoute => {
  if (spec.path.toLowerCase().startsWith('/api/admin/') && !spec.permission)
    throw new Error(`${spec.method} ${spec.path}: an admin route must declare the permission it needs`);
  documented.push(spec as unknown as RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>);
  const validate: Record<string, unknown> = {};
  if (spec.params) validate.params = zodValidator(spec.params, 'path');
  if (spec.query) validate.query = zodValidator(spec.query, 'query');
  if (spec.payload) validate.payload = zodValidator(spec.payload, 'body');
  const handler: Lifecycle.Method = async (request, h) => {
    const result = await spec.handler({
      params: request.params as z.output<P>,
      query: request.query as z.output<Q>,
      payload: request.payload as z.output<B>,
      request,
      h,
    });
    if (result && typeof result === 'object' && 'statusCode' in result && 'source' in result) return result;
    const response = h.response(result as object);
    response.header('cache-control', spec.cache ?? 'no-store');
    return response;
  };
  return {
    method: spec.method,
    path: spec.path,
    options: {
      validate,
      handler,
      tags: spec.tags,
      plugins: {
        ...(spec.permission ? { foyer: { permission: spec.permission } } : {}),
        ...(spec.changesState ? { csrf: 'always' } : {}),
      },
    },
  };
};

/** The refusals every route words alike (errors.ts). */
export type DomainRefusal = Parameters<typeof toBoom>[0];

/** A capability's own refusals in HTTP words: which errors are its, and the answer of each. */
export interface RefusalWords<R> {
  readonly recognises: (error: unknown) => error is R;
  // A method, so a table of some errors serves where a table of more is asked for.
  answer(error: R): Boom.Boom;
}

const tagged = (error: unknown): error is { readonly _tag: string } =>
  typeof error === 'object' && error !== null && typeof (error as { _tag?: unknown })._tag === 'string';

/** A refusal table from its error tags and its answer. */
export const refusalWords = <R extends { readonly _tag: string }>(
  tags: readonly R['_tag'][],
  answer: (error: R) => Boom.Boom,
): RefusalWords<R> => {
  const known = new Set<string>(tags);
  return { recognises: (error): error is R => tagged(error) && known.has(error._tag), answer };
};

/** Runs a use case; a failure `answer` words becomes that answer, anything else is a fault (500). */
const run = async <A, E>(
  runtime: ManagedRuntime.ManagedRuntime<AppServices, never>,
  program: Effect.Effect<A, E, AppServices>,
  answer: (error: unknown) => Boom.Boom | null,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  const boom = failure._tag === 'Some' ? answer(failure.value) : null;
  if (boom) throw boom;
  throw Cause.squash(exit.cause);
};

/** The answer of the first table that knows the error, else null. */
const answerOf =
  <R>(tables: readonly RefusalWords<R>[]) =>
  (error: unknown): Boom.Boom | null => {
    for (const table of tables) if (table.recognises(error)) return table.answer(error);
    return null;
  };

/**
 * Runs a use case with the application's services. Typed business errors become the HTTP answer
 * the error catalogue names; anything else is a fault (500, logged by hapi).
 */
export const runUseCase = <A, E extends DomainRefusal>(
  runtime: ManagedRuntime.ManagedRuntime<AppServices, never>,
  program: Effect.Effect<A, E, AppServices>,
): Promise<A> => run(runtime, program, (error) => toBoom(error as DomainRefusal));

/**
 * A runner for a capability whose use cases also refuse in their own words: its tables answer
 * their errors, the shared catalogue the rest (a use case failing with anything else does not
 * compile), and anything unexpected is a fault (500).
 */
export const runnerWith = <R>(...tables: readonly RefusalWords<R>[]) => {
  const own = answerOf(tables);
  return <A, E extends R | DomainRefusal>(
    runtime: ManagedRuntime.ManagedRuntime<AppServices, never>,
    program: Effect.Effect<A, E, AppServices>,
  ): Promise<A> => run(runtime, program, (error) => own(error) ?? toBoom(error as DomainRefusal));
};

/** A runner for a capability whose every expected refusal is its own: the rest is a fault (500). */
export const runnerOf = <R>(table: RefusalWords<R>) => {
  const own = answerOf([table]);
  return <A, E extends R>(
    runtime: ManagedRuntime.ManagedRuntime<AppServices, never>,
    program: Effect.Effect<A, E, AppServices>,
  ): Promise<A> => run(runtime, program, own);
};
