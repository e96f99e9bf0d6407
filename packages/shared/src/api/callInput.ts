import type { z } from 'zod';
import type { KoEnvelope } from '../answers/index.js';
import type { ApiCallName, ApiCalls, CallAnswer } from './index.js';

/** A path or query value as a client writes it: the URL makes a string of it. */
type UrlValue = string | number;
type Of<K extends ApiCallName, F extends string> = ApiCalls[K] extends { [P in F]: infer S } ? S : never;

/** What a client sends to call K: its path's parameters, its query, its JSON body or its form's fields. */
export type CallInput<K extends ApiCallName> = ([Of<K, 'params'>] extends [never]
  ? unknown
  : { params: { [P in keyof z.input<Of<K, 'params'>>]: UrlValue } }) &
  ([Of<K, 'query'>] extends [never]
    ? unknown
    : { query?: { [P in keyof z.input<Of<K, 'query'>>]?: UrlValue | undefined } }) &
  ([Of<K, 'body'>] extends [never] ? unknown : { body: z.input<Of<K, 'body'>> }) &
  ([Of<K, 'form'>] extends [never]
    ? unknown
    : { form: { [P in keyof Of<K, 'form'>]?: Of<K, 'form'>[P] extends 'file' ? Blob : string } });

/** What a client gets back from call K: its OK answer, or the KO envelope of a refusal. */
export type CallResult<K extends ApiCallName> = CallAnswer<K> | KoEnvelope;
