import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { AVATAR_SIZE } from '../../lib/member-forms.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { params, str } from '../schemas.ts';
import { IMAGE_SETS, type ImageKind, renderImage } from '../seed/images.ts';

/** Accepted upload types, by their magic bytes (the declared MIME type is not trusted). */
const SIGNATURES: Array<{ mime: string; ext: string; test: (b: Buffer) => boolean }> = [
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/png',
    ext: 'png',
    test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/gif',
    ext: 'gif',
    test: (b) => b.length > 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a'),
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Voice clips of chat (issue 18), by their magic bytes: WebM/Opus (Chrome, Firefox), Ogg, MP4/AAC (Safari), MP3. */
const AUDIO_SIGNATURES: Array<{ mime: string; ext: string; test: (b: Buffer) => boolean }> = [
  { mime: 'audio/webm', ext: 'webm', test: (b) => b.length > 4 && b.readUInt32BE(0) === 0x1a45dfa3 },
  { mime: 'audio/ogg', ext: 'ogg', test: (b) => b.length > 4 && b.subarray(0, 4).toString('latin1') === 'OggS' },
  { mime: 'audio/mp4', ext: 'm4a', test: (b) => b.length > 12 && b.subarray(4, 8).toString('latin1') === 'ftyp' },
  {
    mime: 'audio/mpeg',
    ext: 'mp3',
    test: (b) => b.length > 3 && (b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && ((b[1] as number) & 0xe0) === 0xe0)),
  },
];

/**
 * What an upload is for (`?purpose=`): an avatar is cut to a 256×256 square, a screenshot kept whole up to 1280×2560;
 * both are decoded and re-encoded as WebP by sharp (no metadata, nothing but pixels survives) and named by the hash of
 * what is stored. Without a purpose the file is kept as sent (after the content check).
 */
const PURPOSES = {
  avatar: (img: Sharp) => img.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' }),
  screenshot: (img: Sharp) => img.resize(1280, 2560, { fit: 'inside', withoutEnlargement: true }),
  /** A chat picture (issue 18): long side at most 1280. */
  chat: (img: Sharp) => img.resize(1280, 1280, { fit: 'inside', withoutEnlargement: true }),
} as const;
type Purpose = keyof typeof PURPOSES;
/** Re-encoded uploads take still pictures only. */
const REENCODED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Generated images under /img/{kind}/{n}.svg (the same files `npm run seed` writes to public/img for the portal),
 * uploaded images under /files/upload/{name}, and the upload call of SPEC 7.8 (POST /api/file/uploadImg).
 */
export function registerFileRoutes(app: FastifyInstance, ctx: BackendContext): void {
  const uploadDir = path.join(ctx.dataDir, 'uploads');
  mkdirSync(uploadDir, { recursive: true });
  const insert = ctx.db.prepare('INSERT INTO upload (file_name, original_name, mime, size, sha256, created_at) VALUES (?,?,?,?,?,?)');
  const svgCache = new Map<string, string>();

  app.get(
    '/img/:kind/:file',
    { schema: { params: params({ kind: str(20, 1), file: { type: 'string', pattern: '^\\d{1,3}\\.svg$' } }) } },
    async (req, reply) => {
      const { kind, file } = req.params as { kind: string; file: string };
      const n = Number.parseInt(file, 10);
      if (!(kind in IMAGE_SETS) || n < 1 || n > IMAGE_SETS[kind as ImageKind]) return reply.code(404).send(fail(404, '图片不存在'));
      const key = `${kind}/${n}`;
      let svg = svgCache.get(key);
      if (!svg) {
        svg = renderImage(kind as ImageKind, n);
        svgCache.set(key, svg);
      }
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );

  app.get(
    '/files/upload/:name',
    {
      schema: {
        params: params({ name: { type: 'string', pattern: '^([0-9a-f-]{36}|[0-9a-f]{32})\\.(jpg|png|gif|webp|webm|ogg|m4a|mp3)$' } }),
      },
    },
    async (req, reply) => {
      const { name } = req.params as { name: string };
      const file = path.join(uploadDir, name);
      if (!existsSync(file)) return reply.code(404).send(fail(404, '文件不存在'));
      const ext = name.split('.').pop() as string;
      const mime = [...SIGNATURES, ...AUDIO_SIGNATURES].find((s) => s.ext === ext)?.mime ?? 'application/octet-stream';
      return reply
        .type(mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );

  app.post(
    '/api/file/uploadImg',
    { schema: { querystring: { type: 'object', properties: { purpose: { type: 'string', enum: Object.keys(PURPOSES) } } } } },
    async (req, reply) => {
      const purpose = (req.query as { purpose?: Purpose }).purpose;
      if (!req.isMultipart()) return reply.code(400).send({ status: 400, message: 'file: 请使用 multipart/form-data 上传图片', obj: null });
      const part = await req.file();
      if (!part) return reply.code(400).send({ status: 400, message: 'file: 缺少图片文件', obj: null });
      let buf: Buffer;
      try {
        buf = await part.toBuffer();
      } catch {
        return reply
          .code(413)
          .send({ status: 413, message: `file: 图片不能超过 ${Math.round(ctx.maxUploadBytes / 1024 / 1024)}MB`, obj: null });
      }
      if (part.file.truncated) return reply.code(413).send({ status: 413, message: 'file: 图片过大', obj: null });
      if (buf.length === 0) return reply.code(400).send({ status: 400, message: 'file: 图片为空', obj: null });
      const sig = SIGNATURES.find((s) => s.test(buf));
      if (!sig) {
        const types = purpose ? 'JPG、PNG、WebP' : 'jpg、png、gif、webp';
        return reply.code(400).send({ status: 400, message: `file: 只支持 ${types} 图片`, obj: null });
      }
      if (purpose) {
        if (!REENCODED_TYPES.has(sig.mime))
          return reply.code(400).send({ status: 400, message: 'file: 只支持 JPG、PNG、WebP 图片', obj: null });
        let out: Buffer;
        let dims: { width: number; height: number };
        try {
          const done = await PURPOSES[purpose](sharp(buf, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate())
            .webp({ quality: 82 })
            .toBuffer({ resolveWithObject: true });
          out = done.data;
          dims = { width: done.info.width, height: done.info.height };
        } catch (err) {
          req.log.info({ err: (err as Error).message }, 'upload not decodable');
          return reply.code(400).send({ status: 400, message: 'file: 图片已损坏或无法识别', obj: null });
        }
        const hash = createHash('sha256').update(out).digest('hex');
        const hashed = `${hash.slice(0, 32)}.webp`;
        const target = path.join(uploadDir, hashed);
        if (!existsSync(target)) writeFileSync(target, out, { flush: true });
        const row = insert.run(hashed, part.filename?.slice(0, 200) ?? null, 'image/webp', out.length, hash, ctx.sqlNow());
        return ok({
          id: Number(row.lastInsertRowid),
          url: `/files/upload/${hashed}`,
          name: hashed,
          size: out.length,
          mime: 'image/webp',
          ...dims,
        });
      }
      const name = `${randomUUID()}.${sig.ext}`;
      const sha256 = createHash('sha256').update(buf).digest('hex');
      // Written and fsynced before the row commits, so an acknowledged upload always has its file.
      writeFileSync(path.join(uploadDir, name), buf, { flush: true });
      const info = insert.run(name, part.filename?.slice(0, 200) ?? null, sig.mime, buf.length, sha256, ctx.sqlNow());
      return ok({ id: Number(info.lastInsertRowid), url: `/files/upload/${name}`, name, size: buf.length, mime: sig.mime });
    },
  );

  /** A chat voice clip (issue 18; our path): checked by its magic bytes, kept as sent, at most 2 MB. */
  app.post('/api/file/uploadVoice', async (req, reply) => {
    if (!req.isMultipart()) return reply.code(400).send({ status: 400, message: 'file: 请使用 multipart/form-data 上传语音', obj: null });
    const part = await req.file();
    if (!part) return reply.code(400).send({ status: 400, message: 'file: 缺少语音文件', obj: null });
    let buf: Buffer;
    try {
      buf = await part.toBuffer();
    } catch {
      return reply.code(413).send({ status: 413, message: 'file: 语音过大', obj: null });
    }
    if (buf.length === 0) return reply.code(400).send({ status: 400, message: 'file: 语音为空', obj: null });
    if (buf.length > 2 * 1024 * 1024) return reply.code(413).send({ status: 413, message: 'file: 语音不能超过 2MB', obj: null });
    const sig = AUDIO_SIGNATURES.find((s) => s.test(buf));
    if (!sig) return reply.code(400).send({ status: 400, message: 'file: 只支持 webm、ogg、m4a、mp3 语音', obj: null });
    const name = `${randomUUID()}.${sig.ext}`;
    writeFileSync(path.join(uploadDir, name), buf, { flush: true });
    const info = insert.run(
      name,
      part.filename?.slice(0, 200) ?? null,
      sig.mime,
      buf.length,
      createHash('sha256').update(buf).digest('hex'),
      ctx.sqlNow(),
    );
    return ok({ id: Number(info.lastInsertRowid), url: `/files/upload/${name}`, name, size: buf.length, mime: sig.mime });
  });
}
