import { EventEmitter } from 'node:events';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What the portal must hear about a member wherever it happened (SPEC 4 forced logout, issue 13):
 * - `revoked`: every session of the member is signed out (password reset or change, a console sign-out); open sockets
 *   get the forced-logout message and cached session versions are dropped;
 * - `profile`: nickname or avatar changed; cached profiles are dropped so the header shows the new ones.
 * One channel for both. In one process it is an in-memory emitter; with REDIS_URL set the forced-logout work puts Redis
 * pub/sub behind the same two calls, so an event reaches every portal process.
 */
export type MemberEvent = { type: 'revoked' | 'profile'; userId: string };

export interface MemberEvents {
  /** Announce an event. Resolves once it is handed to the channel (every process, this one included, hears it). */
  publish(event: MemberEvent): Promise<void>;
  /** Hear every event, from this process or another; returns the unsubscribe function. */
  subscribe(listener: (event: MemberEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    memberEvents: MemberEvents;
  }
}

export function localMemberEvents(): MemberEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}

const memberEvents: FastifyPluginAsync = async (app) => {
  app.decorate('memberEvents', localMemberEvents());
};

export default fp(memberEvents, { name: 'member-events' });
