import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { findUnstorableText } from '@contesthub/shared';
import { unstorableText } from '../lib/text.js';

/**
 * Every route's zod validation, preceded by the one text-hygiene check: a body, query string or
 * path parameter holding NUL or a lone surrogate is refused with a 400 naming the field before any
 * rule or query sees it. Input read outside the schemas (multipart fields) goes through
 * `refuseUnstorableText` (lib/text.ts), the same rule.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const field = findUnstorableText(data);
    if (field !== undefined) return { error: unstorableText(field) };
    return validate(data);
  };
};
