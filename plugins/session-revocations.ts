import { EventEmitter } from 'node:events';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * SPEC 4 forced logout: when a member's sessions are revoked (password reset or change, a console sign-out), every
 * part of the portal that holds that member's state hears it: open sockets, cached session versions. This is the one
 * channel. In one process it is an in-memory emitter; the forced-logout work (issue 13) puts Redis pub/sub behind the
 * same two calls when REDIS_URL is set, so a revocation reaches every portal process.
 */
export interface SessionRevocations {
  /** Announce that every session of `userId` is revoked. Resolves once the announcement is handed to the channel. */
  publish(userId: string): Promise<void>;
  /** Hear every revocation, from this process or another; returns the unsubscribe function. */
  onRevoke(listener: (userId: string) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    revocations: SessionRevocations;
  }
}

export function localRevocations(): SessionRevocations {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(userId) {
      emitter.emit('revoke', userId);
    },
    onRevoke(listener) {
      emitter.on('revoke', listener);
      return () => emitter.off('revoke', listener);
    },
  };
}

const sessionRevocations: FastifyPluginAsync = async (app) => {
  app.decorate('revocations', localRevocations());
};

export default fp(sessionRevocations, { name: 'session-revocations' });
