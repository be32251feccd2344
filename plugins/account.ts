import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createMemberDirectory } from '../src/session.ts';

/**
 * The per-process directory of live login sessions behind resolveMember (src/session.ts), kept in step with the
 * member events of every process: a member changed or signed out everywhere drops all their cached sessions, a logout
 * drops its one. The account forms themselves are actions (src/actions/account.ts).
 */
const account: FastifyPluginAsync = async (app: FastifyInstance) => {
  const directory = createMemberDirectory((call, token) => app.api.user.sessionMember(call, token));
  app.decorate('memberDirectory', directory);
  const unsubscribe = app.memberEvents.subscribe((event) => {
    if (event.type === 'notice') return; // issue 37: news for the member's pages, not about their session
    if (event.type === 'ended') directory.forgetSession(event.session);
    else directory.forget(event.userId);
  });
  app.addHook('onClose', async function stopHearingMemberEvents() {
    unsubscribe();
  });
};

export default fp(account, { name: 'account', fastify: '5.x', dependencies: ['member-events'] });
