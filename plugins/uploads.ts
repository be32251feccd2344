import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Uploaded files (avatars and screenshots of the member forms, issue 13; chat pictures and voice clips, issue 18) as
 * the gateway stores them, under /files/upload/*. Hash-named files never change: cached for a year. The uploads
 * themselves are writes of the action stage (`"uploads": true` actions, plugins/actions.ts).
 */

const UPLOAD_NAME = /^(?:[0-9a-f-]{36}|[0-9a-f]{32})\.(?:jpg|png|gif|webp|webm|ogg|m4a|mp3)$/;

const uploadsPlugin: FastifyPluginAsync = async (app) => {
  app.get('/files/upload/:name', async function serveUpload(req, reply) {
    const { name } = req.params as { name: string };
    // Anything but a stored file's name is the site's 404 page (the name never reaches the gateway).
    if (!UPLOAD_NAME.test(name)) return reply.callNotFound();
    const file = await app.api.user.uploadedFile({ reqId: req.id, log: req.log }, name);
    if (!file) return reply.callNotFound();
    return reply
      .type(file.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
};

export default fp(uploadsPlugin, { name: 'uploads', fastify: '5.x' });
