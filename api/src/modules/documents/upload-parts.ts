/**
 * Reads an upload_pdf request (multipart/form-data, via @fastify/multipart): every `files` part
 * into shared memory up to UPLOAD_MAX_MB each (a larger one is refused with 413 as it streams), and
 * the `chatKey` field. Anything else in the form is a 400 naming it.
 */
import { BadRequestException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { MULTIPART_MAX_FILES as MAX_FILES } from '../../core/security/multipart.js';
import { fileNameProblem } from '@credence/shared';
import { chatKeyMessage, CHAT_KEY } from '../../platform/ai/chats/chat-key.js';
import { tooLarge, UploadRefused } from './pdf-check.js';
import type { IncomingFile } from './documents.service.js';

const MB = 1024 * 1024;

type GrowableSharedBuffer = SharedArrayBuffer & { grow(length: number): void };
const GrowableSharedArrayBuffer = SharedArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => GrowableSharedBuffer;

/**
 * One file part, read into memory shared with the parse worker: each piece is copied once into a
 * buffer that grows in place up to UPLOAD_MAX_MB (reserved, not used, until written), so neither a
 * join of the pieces nor a copy for the parse is ever held beside it (docs/decisions.md).
 */
async function readShared(file: Readable & { truncated?: boolean }, name: string, maxMb: number): Promise<Buffer> {
  const shared = new GrowableSharedArrayBuffer(0, { maxByteLength: maxMb * MB });
  let length = 0;
  let over = false;
  // Read to the end even past the limit (busboy then drops the rest and marks the stream
  // truncated): a stream left unread stops the request's body half-way, and the connection it
  // came on hangs for the client's next request.
  for await (const piece of file as AsyncIterable<Buffer>) {
    over ||= file.truncated === true || length + piece.length > maxMb * MB;
    if (over) continue;
    shared.grow(length + piece.length);
    piece.copy(new Uint8Array(shared), length);
    length += piece.length;
  }
  if (over || file.truncated) throw tooLarge(name, maxMb);
  return Buffer.from(shared, 0, length);
}

export async function readUpload(request: FastifyRequest, maxMb: number): Promise<{ chatKey: string; files: IncomingFile[] }> {
  if (!request.isMultipart()) throw new BadRequestException('Send the PDFs as multipart/form-data with the fields files and chatKey.');
  const files: IncomingFile[] = [];
  let chatKey: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') throw new BadRequestException(`Unexpected file field ${part.fieldname}: send PDFs as files.`);
        const name = (part.filename ?? '').trim();
        const problem = fileNameProblem('files', name);
        if (problem) {
          // read the refused part to its end: a body left unread hangs the connection (see readShared)
          for await (const _ of part.file as AsyncIterable<Buffer>);
          throw new BadRequestException(problem);
        }
        files.push({ name, bytes: await readShared(part.file, name, maxMb) });
      } else if (part.fieldname === 'chatKey') {
        chatKey = String(part.value);
      } else {
        throw new BadRequestException(`Unexpected field ${part.fieldname}: upload_pdf takes files and chatKey.`);
      }
    }
  } catch (error) {
    if (error instanceof BadRequestException || error instanceof UploadRefused) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new UploadRefused(`At most ${MAX_FILES} files can be uploaded at once.`, 413);
    throw new BadRequestException(`The upload could not be read as multipart/form-data: ${(error as Error).message}`);
  }
  if (chatKey === undefined || !CHAT_KEY.test(chatKey)) throw new BadRequestException(chatKeyMessage('chatKey'));
  if (!files.length) throw new BadRequestException('Choose at least one PDF to upload (the files field is empty).');
  const names = new Set<string>();
  for (const f of files) {
    if (names.has(f.name)) throw new BadRequestException(`${f.name} is in the upload twice: each file needs its own name.`);
    names.add(f.name);
  }
  return { chatKey, files };
}
