import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context.ts';

export function registerSearchRoutes(_app: FastifyInstance, _ctx: BackendContext): void {}
