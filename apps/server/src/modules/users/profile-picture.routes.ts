import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS_BYTES, ZProfilePictureUploaded } from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { imageTooLarge, uploadProfilePicture } from './profile-picture.service.js';

const FIELD = 'profilePicture';
const MAX_BYTES = UPLOAD_LIMITS_BYTES.profilePicture;
/** Room for the multipart framing and a few small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The `profilePicture` file of a multipart request, in memory (at most 5 MB), or undefined when
 * there is none. Other parts are read and dropped.
 */
async function readUpload(req: FastifyRequest): Promise<Buffer | undefined> {
  // A declared size that cannot fit is refused before a byte of the body is read.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw imageTooLarge();
  if (!req.isMultipart()) return undefined;
  let found: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === FIELD && !found) found = data;
    }
  } catch (err) {
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw err;
  }
  return found;
}

/** POST /api/auth/upload-profile-picture. */
export const profilePictureRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart parsing exists only in this plugin's scope; every other route stays JSON-only.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 20 },
  });

  app.post(
    '/upload-profile-picture',
    {
      schema: {
        tags: ['auth'],
        summary: 'Upload a profile picture',
        description:
          'multipart/form-data with one file field `profilePicture`: a JPEG, PNG, GIF or WebP image (recognised by its content) of at most 5 MB. ' +
          'It is stored as a 512×512 WebP with all metadata removed.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(ZProfilePictureUploaded) },
      },
      config: {
        access: 'signedIn',
        // Decoding images costs CPU: a generous per-user allowance, far above any real use.
        rateLimit: rateLimits.perUser(20),
      },
    },
    async (req) => {
      const { userId } = requireAuth(req);
      const result = await uploadProfilePicture(app.ctx, userId, await readUpload(req));
      return ok(result, 'Profile picture uploaded successfully');
    },
  );
};
