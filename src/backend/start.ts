import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildBackend } from './app.ts';

export interface StartBackendOptions {
  dataDir: string;
  /** 0 or unset: an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1: the backend is for the portal, not the world. */
  host?: string;
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  seed?: number;
  scale?: number;
  /** The gateway's one clock (default Date.now): its demo calendar and every rule's "now". A test seam. */
  now?: () => number;
}

export interface RunningBackend {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Builds the embedded gateway and listens; `url` is like http://127.0.0.1:PORT (no trailing slash). */
export async function startBackend(opts: StartBackendOptions): Promise<RunningBackend> {
  const app = await buildBackend({ dataDir: opts.dataDir, logger: opts.logger, seed: opts.seed, scale: opts.scale, now: opts.now });
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const addr = app.server.address();
  const port = addr && typeof addr === 'object' ? addr.port : opts.port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closed: Promise<void> | null = null;
  return {
    url: `http://${urlHost}:${port}`,
    app,
    close: () => {
      closed ??= app.close();
      return closed;
    },
  };
}
