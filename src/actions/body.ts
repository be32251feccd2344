import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import { actionRefusal } from '../lib/action-messages.ts';
import { ActionRefusal } from './types.ts';

/**
 * Action bodies (issue 33): JSON schemas that carry the Chinese a visitor reads. A property's `title` names the field
 * (`请填写手机号` when it is missing, `手机号不正确` when it is wrong); ajv-errors' `errorMessage` says more where that
 * is not enough. The options are Fastify's own (coercion of form strings, defaults, unknown keys dropped), so a form
 * post and a fetch() of the same fields read the same.
 */

export const REFUSED_BODY = actionRefusal('ACTION_INVALID_BODY').message;

const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: true, strict: false });
ajvErrors(ajv);

export interface CompiledBody {
  /** Checks (and normalises, in place) a body; the refusal names every field at fault, the first one in `field`. */
  check(body: Record<string, unknown>): ActionRefusal | null;
}

interface SchemaNode {
  title?: string;
  properties?: Record<string, SchemaNode>;
}

/** The field an error is about: the missing one, else the first segment of its path. */
function fieldOf(e: ErrorObject): string {
  const missing = (e.params as { missingProperty?: unknown }).missingProperty;
  if (typeof missing === 'string') return missing;
  const nested = (e.params as { errors?: ErrorObject[] }).errors?.[0];
  if (e.keyword === 'errorMessage' && nested && e.instancePath === '') return fieldOf(nested);
  return e.instancePath.split('/')[1] ?? '';
}

function messageOf(e: ErrorObject, schema: SchemaNode): string {
  if (e.keyword === 'errorMessage') return e.message ?? REFUSED_BODY;
  const field = fieldOf(e);
  const title = schema.properties?.[field]?.title;
  if (!title) return REFUSED_BODY;
  return e.keyword === 'required' ? `请填写${title}` : `${title}不正确`;
}

export function compileBody(schema: object): CompiledBody {
  const validate: ValidateFunction = ajv.compile(schema);
  return {
    check(body) {
      if (validate(body)) return null;
      const errors: Record<string, string> = {};
      let first: { field: string; message: string } | null = null;
      // The schema's own words (ajv-errors) first: they say what the generic ones cannot (anyOf: "whom do you rate?").
      const found = [...(validate.errors ?? [])].sort(
        (a, b) => Number(b.keyword === 'errorMessage') - Number(a.keyword === 'errorMessage'),
      );
      for (const e of found) {
        const field = fieldOf(e);
        const message = messageOf(e, schema as SchemaNode);
        first ??= { field, message };
        if (field && !errors[field]) errors[field] = message;
      }
      return new ActionRefusal(first?.field || null, first?.message ?? REFUSED_BODY, 400, { errors });
    },
  };
}

/** A body's posted fields as the schema expects them: an object (a missing or odd body is an empty one). */
export function bodyObject(raw: unknown): Record<string, unknown> {
  return raw && typeof raw === 'object' && !Array.isArray(raw) && !Buffer.isBuffer(raw) ? { ...(raw as Record<string, unknown>) } : {};
}
